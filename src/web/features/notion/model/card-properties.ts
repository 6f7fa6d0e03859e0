import { S_MAX, S_MIN } from 'ts-fsrs';
import type { CardField, NotionEntry } from './entries';
import { State, type CardState } from './fsrs';
import { propertyDate, type NotionProperties } from './properties';

/**
 * The FSRS card state in a page's Notion properties (docs/storage.md "Settings additions"): each
 * property is the entry's choice, else the one with the contract's name, case-insensitively. A
 * property of another type than the state needs is left alone — read as absent, never written.
 */

/** A property value as PATCH /v1/pages takes it (wire: notion.md). */
export type PropertyValue = { date: { start: string } } | { number: number } | { select: { name: string } };

export interface CardPropertyNames {
  due?: string;
  lastReview?: string;
  stability?: string;
  difficulty?: string;
  reps?: string;
  lapses?: string;
  state?: string;
  /** State kept as a number (0–3) rather than a select. */
  stateIsNumber: boolean;
  /** Properties found by name whose type does not fit (text where a number belongs…). */
  wrongType: string[];
}

export const defaultNames: Record<CardField, string> = {
  lastReview: 'Last review',
  stability: 'Stability',
  difficulty: 'Difficulty',
  reps: 'Reps',
  lapses: 'Lapses',
  state: 'State',
};
const fieldTypes: Record<CardField, readonly string[]> = {
  lastReview: ['date'],
  stability: ['number'],
  difficulty: ['number'],
  reps: ['number'],
  lapses: ['number'],
  state: ['select', 'number'],
};
const fields = Object.keys(defaultNames) as CardField[];

/** The card-state properties of a page (`due` comes from the due-date rule, duePropertyFor). */
export function cardPropertyNames(entry: Pick<NotionEntry, 'cardProperties'>, properties: NotionProperties, due?: string): CardPropertyNames {
  const names: CardPropertyNames = { due, stateIsNumber: false, wrongType: [] };
  const keys = Object.keys(properties);
  for (const field of fields) {
    const wanted = (entry.cardProperties[field] || defaultNames[field]).toLowerCase();
    const name = keys.find((key) => key.toLowerCase() === wanted);
    if (!name) continue;
    if (!fieldTypes[field].includes(properties[name]?.type)) {
      names.wrongType.push(name);
      continue;
    }
    names[field] = name;
    if (field === 'state') names.stateIsNumber = properties[name].type === 'number';
  }
  return names;
}

/** Whether the page can carry the schedule to another browser: a due date and the memory. */
export const carriesSchedule = (names: CardPropertyNames) => Boolean(names.due && names.stability && names.difficulty);

const numberOf = (properties: NotionProperties, name?: string): number | null => {
  const value = name ? properties[name]?.number : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};

const stateNames = ['New', 'Learning', 'Review', 'Relearning'];

function readState(properties: NotionProperties, name?: string): State | null {
  const property = name ? properties[name] : undefined;
  if (!property) return null;
  if (property.type === 'number') {
    const value = numberOf(properties, name);
    return value !== null && Number.isInteger(value) && value >= 0 && value <= 3 ? (value as State) : null;
  }
  const select = property.select as { name?: unknown } | null | undefined;
  const index = typeof select?.name === 'string' ? stateNames.findIndex((state) => state.toLowerCase() === select.name!.toString().trim().toLowerCase()) : -1;
  return index >= 0 ? (index as State) : null;
}

const count = (value: number | null) => (value === null || value < 0 ? 0 : Math.min(100_000, Math.floor(value)));

/**
 * The card kept in the page, or null when it keeps none that can be trusted: a stability that is
 * missing, negative or absurd, or a difficulty that is not a number, and the page is read as
 * carrying no state (the schedule then continues from what else is known).
 */
export function readCard(properties: NotionProperties, names: CardPropertyNames, now: Date): CardState | null {
  const stability = numberOf(properties, names.stability);
  const difficulty = numberOf(properties, names.difficulty);
  if (stability === null || difficulty === null || stability < S_MIN || stability > S_MAX) return null;
  const state = readState(properties, names.state) ?? State.Review;
  if (state === State.New) return null;
  const last = names.lastReview ? propertyDate(properties[names.lastReview]) : null;
  const due = names.due ? propertyDate(properties[names.due]) : null;
  return {
    due: (due ?? now).getTime(),
    stability,
    difficulty: Math.min(10, Math.max(1, difficulty)),
    reps: Math.max(1, count(numberOf(properties, names.reps))),
    lapses: count(numberOf(properties, names.lapses)),
    state,
    // A review "in the future" (a clock or a hand gone wrong) counts as now.
    lastReview: last ? Math.min(last.getTime(), now.getTime()) : null,
  };
}

/** What a grade writes to the page: the due day and every card-state property it has. */
export function cardValues(card: CardState, names: CardPropertyNames, dueDay: string): Record<string, PropertyValue> {
  const values: Record<string, PropertyValue> = {};
  if (names.due) values[names.due] = { date: { start: dueDay } };
  if (names.lastReview && card.lastReview !== null) values[names.lastReview] = { date: { start: new Date(card.lastReview).toISOString() } };
  if (names.stability) values[names.stability] = { number: card.stability };
  if (names.difficulty) values[names.difficulty] = { number: card.difficulty };
  if (names.reps) values[names.reps] = { number: card.reps };
  if (names.lapses) values[names.lapses] = { number: card.lapses };
  if (names.state) values[names.state] = names.stateIsNumber ? { number: card.state } : { select: { name: stateNames[card.state] } };
  return values;
}
