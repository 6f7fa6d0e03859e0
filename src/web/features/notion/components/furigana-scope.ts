import { createContext } from 'react';

/** Notion text inside this scope (the review card, the page view) carries furigana; the long browse table does not. */
export const FuriganaScope = createContext(false);
