import 'highlight.js/styles/github.css';
import { memo, useMemo, useState, useSyncExternalStore, type MouseEvent } from 'react';
import { toast } from '../../../lib/notify';
import { isHighlighterReady, subscribeHighlighter } from './highlighter';
import { renderBlockCached, renderMarkdown } from './render-markdown';
import { BlockSplitter, splitBlocks } from './split-blocks';

const FinishedBlock = memo(function FinishedBlock({ raw, highlightReady }: { raw: string; highlightReady: boolean }) {
  return <div className="md-block" dangerouslySetInnerHTML={{ __html: renderBlockCached(raw, highlightReady) }} />;
});

function TailBlock({ raw }: { raw: string }) {
  return <div className="md-block" dangerouslySetInnerHTML={{ __html: renderMarkdown(raw, false) }} />;
}

async function copyCode(event: MouseEvent<HTMLDivElement>) {
  const button = (event.target as HTMLElement).closest('button.code-copy');
  if (!button) return;
  const code = button.closest('.code-block')?.querySelector('pre')?.textContent ?? '';
  try {
    await navigator.clipboard.writeText(code);
    button.textContent = 'copied';
    setTimeout(() => (button.textContent = 'copy'), 1500);
  } catch {
    toast('copy failed: the browser refused clipboard access', 'error');
  }
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
  const [splitter] = useState(() => new BlockSplitter());
  const highlightReady = useSyncExternalStore(subscribeHighlighter, isHighlighterReady, isHighlighterReady);
  const blocks = useMemo(() => {
    if (streaming) return splitter.update(text);
    return splitter.hasStreamed(text) ? splitter.finish(text) : splitBlocks(text);
  }, [text, streaming, splitter]);

  return (
    <div className="md" onClick={copyCode}>
      {blocks.finished.map((raw, index) => (
        <FinishedBlock key={index} raw={raw} highlightReady={highlightReady} />
      ))}
      {blocks.tail ? <TailBlock raw={blocks.tail} /> : null}
    </div>
  );
}
