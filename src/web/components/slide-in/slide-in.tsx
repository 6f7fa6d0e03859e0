import { useRef, type ComponentPropsWithoutRef } from 'react';
import { useSlideIn } from './use-slide-in';

export function SlideIn(props: ComponentPropsWithoutRef<'div'>) {
  const ref = useRef<HTMLDivElement>(null);
  useSlideIn(ref);
  return <div ref={ref} data-slide-in="" {...props} />;
}
