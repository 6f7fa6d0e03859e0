import { useEffect, type RefObject } from 'react';

export const slideIn = { offsetPx: 100, durationMs: 1000, easing: 'ease', fromOpacity: 0.5 } as const;

/**
 * The slide-in effect (docs/behaviour.md "Slide-in effect"): an element that starts below the
 * viewport at mount gets a paused animation that plays once when it first enters the viewport;
 * elements already visible, and people who prefer reduced motion, get none.
 */
export function useSlideIn(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined' || typeof element.animate !== 'function') return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    if (element.getBoundingClientRect().top < window.innerHeight) return;

    const animation = element.animate(
      [
        { transform: `translateY(${slideIn.offsetPx}px)`, opacity: slideIn.fromOpacity },
        { transform: 'translateY(0)', opacity: 1 },
      ],
      { duration: slideIn.durationMs, easing: slideIn.easing },
    );
    animation.pause();

    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      animation.play();
      observer.unobserve(element);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      animation.cancel();
    };
  }, [ref]);
}
