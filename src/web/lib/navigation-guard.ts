import { useEffect, useRef, useState } from 'react';

/** A navigation the app is about to make: from one path to another. */
export interface Leaving {
  from: string;
  to: string;
}

/** A navigation held by the screen's guard, waiting for the person's choice. */
export interface HeldNavigation {
  proceed: () => void;
  stay: () => void;
}

interface Guard {
  holds: (leaving: Leaving) => boolean;
  hold: (held: HeldNavigation) => void;
}

// One screen at a time guards its leaving (Settings with unsaved changes).
let guard: Guard | null = null;

/**
 * Asked by the app's router before every navigation, in-app links and the browser's back and
 * forward alike: true when the screen's guard holds it. The router then waits for `proceed`
 * (make the navigation) or `stay` (undo it, for back and forward, whose URL has already changed).
 */
export function holdsNavigation(leaving: Leaving, held: HeldNavigation): boolean {
  if (!guard?.holds(leaving)) return false;
  guard.hold(held);
  return true;
}

/**
 * Holds the app's navigations that `holds` says to while the calling screen is mounted; what it
 * returns is the held one (null when none), to be proceeded with or stayed from.
 */
export function useNavigationGuard(holds: (leaving: Leaving) => boolean): HeldNavigation | null {
  const [held, setHeld] = useState<HeldNavigation | null>(null);
  const holdsNow = useRef(holds);
  useEffect(() => {
    holdsNow.current = holds;
  }, [holds]);

  useEffect(() => {
    const own: Guard = {
      holds: (leaving) => holdsNow.current(leaving),
      hold: ({ proceed, stay }) =>
        setHeld({
          proceed: () => {
            setHeld(null);
            proceed();
          },
          stay: () => {
            setHeld(null);
            stay();
          },
        }),
    };
    guard = own;
    return () => {
      if (guard === own) guard = null;
    };
  }, []);

  return held;
}
