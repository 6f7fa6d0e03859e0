import { useEffect, useState, type RefObject } from 'react';

/**
 * True once `target` has come within a screen of the viewport (and from then on): what a part of a
 * long page fetches or loads can wait until the learner heads its way. Without
 * IntersectionObserver, true at once.
 */
export function useNear(target: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !target.current) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { rootMargin: '100% 0px' });
    observer.observe(target.current);
    return () => observer.disconnect();
  }, [near, target]);
  return near;
}

