import { useDictionaries } from '../api/dict-api';

/**
 * The `styles.css` of each dictionary shown that brought one. The server scopes its rules to
 * `[data-dictionary="<id>"]`, the box its entries are drawn in, so they reach nothing else.
 */
export function DictionaryStyles({ ids }: { ids: string[] }) {
  const dictionaries = useDictionaries();
  const shown = new Set(ids);
  const styled = (dictionaries.data?.dictionaries ?? []).filter((dictionary) => dictionary.hasStyles && shown.has(dictionary.id));
  return (
    <>
      {styled.map((dictionary) => (
        <link key={dictionary.id} rel="stylesheet" href={`/api/dict/dictionaries/${encodeURIComponent(dictionary.id)}/styles.css`} data-dictionary-styles={dictionary.id} />
      ))}
    </>
  );
}
