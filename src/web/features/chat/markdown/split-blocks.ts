import { Lexer, type Token } from 'marked';

export interface Blocks {
  /** Blocks that more text can no longer change; rendered once and memoised. */
  finished: string[];
  /** The last block, still growing while a reply streams. */
  tail: string;
}

const lexerOptions = { gfm: true, breaks: true } as const;

// marked normalises line endings before lexing; doing it first keeps our offsets in step with `raw`.
const normalise = (text: string) => text.replace(/\r\n?/g, '\n');

function lex(text: string): Token[] {
  return Lexer.lex(text, lexerOptions) as Token[];
}

/** Splits `tokens` into finished blocks and the tail: only a block followed by another can be final. */
function partition(tokens: Token[]): { finished: string[]; tail: string; tailStart: number } {
  let lastContent = -1;
  for (let i = tokens.length - 1; i >= 0; i--) {
    if (tokens[i].type !== 'space') {
      lastContent = i;
      break;
    }
  }
  const finished: string[] = [];
  let consumed = 0;
  for (let i = 0; i < tokens.length; i++) {
    if (i >= lastContent) break;
    if (tokens[i].type !== 'space') finished.push(tokens[i].raw);
    consumed += tokens[i].raw.length;
  }
  const tail = lastContent === -1 ? '' : tokens.slice(lastContent).map((token) => token.raw).join('').replace(/\n+$/, '');
  return { finished, tail, tailStart: consumed };
}

/** Splits a whole markdown text into blocks (used once a reply is complete). */
export function splitBlocks(text: string): Blocks {
  const { finished, tail } = partition(lex(normalise(text)));
  return tail ? { finished: [...finished, tail], tail: '' } : { finished, tail: '' };
}

/**
 * Splits a growing text incrementally: finished blocks are kept and only the text from the start
 * of the tail is lexed again, so each update costs the size of the tail, not of the whole reply.
 */
export class BlockSplitter {
  private text = '';
  private finished: string[] = [];
  private offset = 0;

  update(next: string): Blocks {
    const text = normalise(next);
    if (!text.startsWith(this.text)) {
      this.finished = [];
      this.offset = 0;
    }
    this.text = text;
    const { finished, tail, tailStart } = partition(lex(text.slice(this.offset)));
    if (finished.length > 0) this.finished = [...this.finished, ...finished];
    this.offset += tailStart;
    return { finished: this.finished, tail };
  }

  /** Whether `text` continues what this splitter has seen (so its blocks can be reused). */
  hasStreamed(text: string): boolean {
    return this.text !== '' && normalise(text).startsWith(this.text);
  }

  /**
   * The blocks of the complete text. When it is the text this splitter streamed, the blocks it
   * already has are kept: re-lexing a long reply from the start would stall the page once more.
   */
  finish(text: string): Blocks {
    const { finished, tail } = this.update(text);
    return tail ? { finished: [...finished, tail], tail: '' } : { finished, tail: '' };
  }
}
