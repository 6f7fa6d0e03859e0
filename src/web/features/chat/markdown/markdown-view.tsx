// Code colours for both schemes are in chat.css (GitHub's light and dark palettes), not highlight.js's github.css.
import { memo, useEffect, useMemo, useRef, useState, useSyncExternalStore, type MouseEvent } from 'react';
import { translate } from '../../../lib/i18n/i18n';
import { useT } from '../../../lib/i18n/use-t';
import { toast } from '../../../lib/notify';
import { copyText } from '../../../lib/secure-context';
import { catalogue } from '../i18n';
import { isHighlighterReady, subscribeHighlighter, warmHighlighter } from './highlighter';
import { renderBlockCached, renderMarkdown, type CodeLabels } from './render-markdown';
import { BlockSplitter, splitBlocks } from './split-blocks';
import { useDomFurigana } from '../../../components/furigana/use-dom-furigana';

const FinishedBlock = memo(function FinishedBlock({ raw, highlightReady, copy, copyCode }: { raw: string; highlightReady: boolean } & CodeLabels) {
  const ref = useRef<HTMLDivElement>(null);
  const html = renderBlockCached(raw, highlightReady, { copy, copyCode });
  // Readings over finished blocks only: the streaming tail is redrawn on every chunk.
  useDomFurigana(ref, html);
  return <div ref={ref} className="md-block" data-furigana-line dangerouslySetInnerHTML={{ __html: html }} />;
});

function TailBlock({ raw, labels }: { raw: string; labels: CodeLabels }) {
  return <div className="md-block" dangerouslySetInnerHTML={{ __html: renderMarkdown(raw, false, labels) }} />;
}

async function copyCode(event: MouseEvent<HTMLDivElement>) {
  const button = (event.target as HTMLElement).closest('button.code-copy');
  if (!button) return;
  const code = button.closest('.code-block')?.querySelector('pre')?.textContent ?? '';
  if (await copyText(code)) {
    button.textContent = translate(catalogue, 'code.copied');
    setTimeout(() => (button.textContent = translate(catalogue, 'code.copy')), 1500);
  } else toast(translate(catalogue, 'copy.failed'), 'error');
}

interface MarkdownViewProps {
  text: string;
  /** While true, only the last block is re-rendered as text arrives. */
  streaming?: boolean;
}

/**
 * A reply rendered block by block: finished blocks are memoised (and their HTML cached), only
 * the growing tail is parsed again on each update.
 */
export function MarkdownView({ text, streaming = false }: MarkdownViewProps) {
  // Mutable by design: it remembers the finished blocks between updates of one streaming reply.
  const t = useT(catalogue);
  const labels: CodeLabels = { copy: t('code.copy'), copyCode: t('code.copyLabel') };
  const [splitter] = useState(() => new BlockSplitter());
  const highlightReady = useSyncExternalStore(subscribeHighlighter, isHighlighterReady, isHighlighterReady);
  // The first reply on screen may well be followed by code: its grammars compile while idle.
  useEffect(warmHighlighter, []);
  const blocks = useMemo(() => {
    if (streaming) return splitter.update(text);
    return splitter.hasStreamed(text) ? splitter.finish(text) : splitBlocks(text);
  }, [text, streaming, splitter]);

  return (
    // A reply is the model's text: page translators leave it as written.
    <div className="md" onClick={copyCode} translate="no">
      {blocks.finished.map((raw, index) => (
        <FinishedBlock key={index} raw={raw} highlightReady={highlightReady} {...labels} />
      ))}
      {blocks.tail ? <TailBlock raw={blocks.tail} labels={labels} /> : null}
    </div>
  );
}
