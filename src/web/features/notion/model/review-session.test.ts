import { describe, expect, it } from 'vitest';
import type { GradeUndo } from '../api/grading';
import type { CachedRow, StoredCard } from './notion-db';
import { initialReviewState, reviewReducer, type LastGrade, type ReviewAction, type ReviewState } from './review-session';

const row = (id: string, word: string): CachedRow => ({ key: `db:${id}`, scope: 'db', id, order: 0, url: '', createdTime: '', lastEditedTime: '', properties: {}, text: word }) as unknown as CachedRow;
const card = (pageId: string, stability: number): StoredCard => ({ pageId, stability }) as unknown as StoredCard;
const undoRecord = (pageId: string, previous: { card?: StoredCard; row?: CachedRow } = {}): GradeUndo =>
  ({ entryId: 'e', pageId, previousCard: previous.card, previousRow: previous.row, logId: 1, queuedAt: 0, keys: [], replaced: [] }) as GradeUndo;
const lastGrade = (pageId: string, word: string, sendsAt = 5000, previous: { card?: StoredCard; row?: CachedRow } = {}): LastGrade => ({
  word,
  grade: 3,
  due: '2026-12-01',
  days: 3,
  undo: undoRecord(pageId, previous),
  sendsAt,
});

const run = (actions: ReviewAction[], from: ReviewState = initialReviewState(0)) => actions.reduce(reviewReducer, from);
const started = () => run([{ type: 'cards-read', cards: new Map() }, { type: 'start', order: ['a', 'b', 'c'], now: 10 }]);

describe('review session', () => {
  it('starts once, at the first word, timing it from then', () => {
    const state = started();
    expect(state).toMatchObject({ order: ['a', 'b', 'c'], position: 0, shownAt: 10, shown: false, last: null, undoable: false });
    // The rows arriving again do not rebuild a session under way.
    expect(reviewReducer(state, { type: 'start', order: ['c'], now: 20 })).toBe(state);
  });

  it('a grade keeps the card and the changed row, moves on with the answer hidden and offers undo', () => {
    const graded = run([{ type: 'show-answer' }, { type: 'graded', card: card('a', 2), row: row('a', '猫'), last: lastGrade('a', '猫'), now: 30 }], started());
    expect(graded).toMatchObject({ position: 1, shown: false, shownAt: 30, undoable: true, undoNote: null, version: 1 });
    expect(graded.cards?.get('a')).toEqual(card('a', 2));
    expect(graded.changed.get('a')).toEqual(row('a', '猫'));
    expect(graded.last?.word).toBe('猫');
  });

  it('the undo window closing takes the undo away but keeps the last grade on show', () => {
    const closed = run([{ type: 'graded', card: card('a', 2), row: undefined, last: lastGrade('a', '猫'), now: 30 }, { type: 'undo-window-closed' }], started());
    expect(closed).toMatchObject({ undoable: false, position: 1 });
    expect(closed.last?.word).toBe('猫');
    expect(closed.changed.size).toBe(0);
  });

  it('an undo puts back the card and row from before, and returns to the word', () => {
    const before = { card: card('a', 1), row: row('a', '猫 (before)') };
    const undone = run([{ type: 'graded', card: card('a', 2), row: row('a', '猫'), last: lastGrade('a', '猫', 5000, before), now: 30 }, { type: 'show-answer' }, { type: 'undone', now: 40 }], started());
    expect(undone).toMatchObject({ position: 0, shown: false, shownAt: 40, last: null, undoable: false, undoNote: { kind: 'undone', word: '猫' }, version: 2 });
    expect(undone.cards?.get('a')).toEqual(before.card);
    expect(undone.changed.get('a')).toEqual(before.row);
  });

  it('an undo of a first grade forgets the card and the changed row', () => {
    const undone = run([{ type: 'graded', card: card('a', 2), row: row('a', '猫'), last: lastGrade('a', '猫'), now: 30 }, { type: 'undone', now: 40 }], started());
    expect(undone.cards?.has('a')).toBe(false);
    expect(undone.changed.has('a')).toBe(false);
  });

  it('an undo refused (its PATCH already went out) keeps the grade and says it is too late', () => {
    const refused = run([{ type: 'graded', card: card('a', 2), row: undefined, last: lastGrade('a', '猫'), now: 30 }, { type: 'undo-refused' }], started());
    expect(refused).toMatchObject({ position: 1, undoable: false, undoNote: { kind: 'too-late' }, version: 1 });
    expect(refused.last?.word).toBe('猫');
  });

  it('with nothing graded an undo changes nothing', () => {
    const state = started();
    expect(reviewReducer(state, { type: 'undone', now: 50 })).toBe(state);
  });

  it('reviewing all again starts over every row, with nothing to undo', () => {
    const again = run(
      [{ type: 'graded', card: card('a', 2), row: undefined, last: lastGrade('a', '猫'), now: 30 }, { type: 'review-all', order: ['a', 'b', 'c', 'd'], now: 60 }],
      started(),
    );
    expect(again).toMatchObject({ order: ['a', 'b', 'c', 'd'], position: 0, last: null, undoable: false, shownAt: 60 });
  });
});
