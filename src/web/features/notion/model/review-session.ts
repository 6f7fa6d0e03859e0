import type { GradeUndo } from '../api/grading';
import type { Grade } from './fsrs';
import type { CachedRow, StoredCard } from './notion-db';

/** The last grade given, worded when drawn (so a language switch re-words it). */
export interface LastGrade {
  word: string;
  grade: Grade;
  /** YYYY-MM-DD, local calendar. */
  due: string;
  days: number;
  undo: GradeUndo;
  /** When its PATCH goes out; undo is offered until then (0 = nothing goes to Notion). */
  sendsAt: number;
}

/** What the person last heard about an undo, worded when drawn. */
export type UndoNote = { kind: 'undone'; word: string } | { kind: 'too-late' };

/** One review session of a database: the words in their order, where it is, and what it changed. */
export interface ReviewState {
  /** The FSRS cards kept in the browser (null until read). */
  cards: ReadonlyMap<string, StoredCard> | null;
  /** Rows as this session changed them (grades write their values into the cached row). */
  changed: ReadonlyMap<string, CachedRow>;
  /** The row ids to review, in order (null until the rows and cards are in). */
  order: string[] | null;
  position: number;
  /** The answer of the word on screen is shown. */
  shown: boolean;
  /** When the word on screen appeared (the grade's review time starts there). */
  shownAt: number;
  last: LastGrade | null;
  /** The undo button is offered (until the last grade's PATCH goes out). */
  undoable: boolean;
  undoNote: UndoNote | null;
  /** Counts grades and undos: the statistics read the stored cards again when it moves. */
  version: number;
}

export type ReviewAction =
  | { type: 'cards-read'; cards: ReadonlyMap<string, StoredCard> }
  | { type: 'start'; order: string[]; now: number }
  | { type: 'show-answer' }
  | { type: 'graded'; card: StoredCard; row: CachedRow | undefined; last: LastGrade; now: number }
  | { type: 'undo-window-closed' }
  | { type: 'undo-refused' }
  | { type: 'undone'; now: number }
  | { type: 'review-all'; order: string[]; now: number };

export function initialReviewState(now: number): ReviewState {
  return { cards: null, changed: new Map(), order: null, position: 0, shown: false, shownAt: now, last: null, undoable: false, undoNote: null, version: 0 };
}

/** `map` with `id` set to `value`, or without `id` when there is no value. */
function withValue<T>(map: ReadonlyMap<string, T>, id: string, value: T | undefined): Map<string, T> {
  const next = new Map(map);
  if (value) next.set(id, value);
  else next.delete(id);
  return next;
}

/** The session's next state: pure, so that grades, undos and the undo window are tested without a screen. */
export function reviewReducer(state: ReviewState, action: ReviewAction): ReviewState {
  switch (action.type) {
    case 'cards-read':
      return { ...state, cards: action.cards };
    case 'start':
      return state.order === null ? { ...state, order: action.order, position: 0, shownAt: action.now } : state;
    case 'show-answer':
      return state.shown ? state : { ...state, shown: true };
    case 'graded':
      return {
        ...state,
        changed: action.row ? withValue(state.changed, action.row.id, action.row) : state.changed,
        cards: withValue(state.cards ?? new Map(), action.card.pageId, action.card),
        last: action.last,
        undoable: true,
        undoNote: null,
        version: state.version + 1,
        shown: false,
        position: state.position + 1,
        shownAt: action.now,
      };
    case 'undo-window-closed':
      return state.undoable ? { ...state, undoable: false } : state;
    case 'undo-refused':
      return { ...state, undoable: false, undoNote: { kind: 'too-late' } };
    case 'undone': {
      if (!state.last) return state;
      const record = state.last.undo;
      return {
        ...state,
        changed: withValue(state.changed, record.pageId, record.previousRow),
        cards: withValue(state.cards ?? new Map(), record.pageId, record.previousCard),
        undoNote: { kind: 'undone', word: state.last.word },
        last: null,
        undoable: false,
        version: state.version + 1,
        shown: false,
        position: Math.max(0, state.position - 1),
        shownAt: action.now,
      };
    }
    case 'review-all':
      return { ...state, order: action.order, position: 0, last: null, undoable: false, shownAt: action.now };
  }
}
