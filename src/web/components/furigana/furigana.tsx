import { Fragment, useEffect, type ReactNode } from 'react';
import { hasKanji, type ReadingToken } from '../../../common/reading';
import { installPlainCopy } from '../../lib/reading/plain-selection';
import { sliceTokens, useReading } from '../../lib/reading/use-reading';
import { useSettings } from '../../lib/settings-store';
import classes from './furigana.module.css';

export interface FuriganaProps {
  /** The text shown. */
  text: string;
  /** Text on either side of it in the same line (a KWIC row's other columns): read together, drawn apart. */
  before?: string;
  after?: string;
}

function draw(tokens: readonly ReadingToken[]): ReactNode[] {
  const out: ReactNode[] = [];
  let plain = '';
  tokens.forEach((token, i) => {
    if (!token.reading) {
      plain += token.surface;
      return;
    }
    if (plain) out.push(<Fragment key={`t${i}`}>{plain}</Fragment>);
    plain = '';
    out.push(
      <ruby key={i}>
        {token.surface}
        <rt>{token.reading}</rt>
      </ruby>,
    );
  });
  if (plain) out.push(<Fragment key="end">{plain}</Fragment>);
  return out;
}

/**
 * Japanese text with its readings over the kanji (docs/api.md "Furigana"), as the `furigana`
 * setting says: `off` draws the text alone, `on` always, `hover` while the pointer or focus is on
 * the line (an ancestor marked `data-furigana-line`, or the text itself). The line's height is set
 * aside before the readings arrive, so nothing moves when they do.
 */
export function Furigana({ text, before = '', after = '' }: FuriganaProps) {
  const mode = useSettings((settings) => settings.furigana);
  const enabled = mode !== 'off' && hasKanji(text);
  const tokens = useReading(before + text + after, enabled);
  useEffect(() => {
    if (enabled) installPlainCopy();
  }, [enabled]);
  if (mode === 'off') return text;
  return (
    <span className={classes.furigana} data-furigana={mode}>
      {tokens ? draw(before || after ? sliceTokens(tokens, before.length, before.length + text.length) : tokens) : text}
    </span>
  );
}
