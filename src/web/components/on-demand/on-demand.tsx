import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';

/** What the light trigger needs: preload on intent, open on click. */
export interface TriggerHandlers {
  onPointerEnter: () => void;
  onFocus: () => void;
  onClick: () => void;
}

/** Props every on-demand component receives: it was asked for by a click, so it opens at once. */
export interface OnDemandProps {
  initiallyOpened: boolean;
}

/**
 * For the loaded component's own trigger: the look-alike that was clicked is gone, so its focus
 * moves to the real trigger.
 */
export function useTakeOverFocus<T extends HTMLElement>(initiallyOpened: boolean) {
  const target = useRef<T>(null);
  useEffect(() => {
    if (initiallyOpened) target.current?.focus();
  }, [initiallyOpened]);
  return target;
}

/**
 * A control whose heavy part (a popover, a menu, a drawer and floating-ui under them) loads on
 * first use instead of with the screen: until then `trigger` renders a look-alike of the
 * control; pointing at it or focusing it starts the download, a click loads it and renders the
 * real component opened (which takes focus over from the look-alike).
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P & OnDemandProps>>) {
  let loading: Promise<ComponentType<P & OnDemandProps>> | undefined;
  const preload = () => {
    loading ??= load();
    return loading;
  };
  const Loaded = lazy(async () => ({ default: await preload() }));

  return function OnDemand(props: P & { trigger: (handlers: TriggerHandlers) => ReactNode }) {
    const { trigger, ...rest } = props;
    const [wanted, setWanted] = useState(false);
    const placeholder = trigger({
      onPointerEnter: () => void preload(),
      onFocus: () => void preload(),
      onClick: () => setWanted(true),
    });
    if (!wanted) return placeholder;
    return (
      <Suspense fallback={placeholder}>
        <Loaded {...(rest as P)} initiallyOpened />
      </Suspense>
    );
  };
}
