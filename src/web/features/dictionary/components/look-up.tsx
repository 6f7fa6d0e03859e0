import { createContext, useContext, type ReactNode } from 'react';
import { emit } from '../../../lib/events';

/** Outside the modal (a card shown elsewhere), a look-up opens the dictionary. */
const openDictionary = (query: string) => emit('open-dict', { query });

const LookUpContext = createContext<(query: string) => void>(openDictionary);

/** What a `?query=` link or a kanji in a headword does: the modal searches for it in place. */
export function LookUpProvider({ lookUp, children }: { lookUp: (query: string) => void; children: ReactNode }) {
  return <LookUpContext value={lookUp}>{children}</LookUpContext>;
}

export function useLookUp(): (query: string) => void {
  return useContext(LookUpContext);
}
