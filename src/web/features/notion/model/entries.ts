import { fsrsPropertyItems } from '../../../../common/config-templates';
import type { DynamicConfigEntry, Settings } from '../../../../common/settings';
import { translate } from '../../../lib/i18n/i18n';
import { normaliseNotionId } from '../api/notion-client';
import { catalogue } from '../i18n';

/** A configured Notion database (Settings → Notion, template "Database"), read for use. */
export interface NotionEntry {
  id: string;
  name: string;
  /** Reads with this token. */
  token: string;
  /** Review-time and due-date updates use this token (see updateTokenFor). */
  updateToken: string;
  databaseId: string;
  updateReviewTime: boolean;
  paginate: boolean;
  sql: string;
  /** A date property chosen for the review time; empty = the first date property named like /review/i. */
  reviewProperty: string;
  /** A date property chosen for the due date; empty = the first date property named like /due|next/i. */
  dueProperty: string;
  /**
   * The FSRS card-state properties chosen by name; empty = the property named as in
   * docs/storage.md "Settings additions" (Stability, …).
   */
  cardProperties: Record<CardField, string>;
  /** Save to notes: which property takes the word, reading, meaning and example. */
  mapping: { word: string; reading: string; meaning: string; example: string };
}

export type CardField = 'lastReview' | 'stability' | 'difficulty' | 'reps' | 'lapses' | 'state';
const cardFields: Record<(typeof fsrsPropertyItems)[number]['key'], CardField> = {
  lastReviewProperty: 'lastReview',
  stabilityProperty: 'stability',
  difficultyProperty: 'difficulty',
  repsProperty: 'reps',
  lapsesProperty: 'lapses',
  stateProperty: 'state',
};

const text = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value));
const flag = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : value === 'true' ? true : value === 'false' ? false : fallback);

export const notionConfigId = 'Database';

/**
 * The person's databases in their order. An entry's token falls back to notion.updateToken;
 * updates use notion.updateToken when set (a token with update rights kept apart from a
 * read-only one), else the entry's own token — docs/decisions/0008-notion.md.
 */
export function notionEntries(notion: Settings['notion']): NotionEntry[] {
  return notion.dynamicConfigs.filter((entry) => entry.configId === notionConfigId).map((entry) => readEntry(entry, notion.updateToken));
}

export function readEntry(entry: DynamicConfigEntry, updateToken: string): NotionEntry {
  const value = entry.value;
  const token = text(value.token).trim() || updateToken.trim();
  return {
    id: entry.id,
    name: entry.name || translate(catalogue, 'entry.unnamed'),
    token,
    updateToken: updateToken.trim() || token,
    databaseId: normaliseNotionId(text(value.databaseId)),
    updateReviewTime: flag(value.updateReviewTime, true),
    paginate: flag(value.paginate, false),
    sql: text(value.sql),
    reviewProperty: text(value.reviewProperty).trim(),
    dueProperty: text(value.dueProperty).trim(),
    cardProperties: Object.fromEntries(fsrsPropertyItems.map((item) => [cardFields[item.key], text(value[item.key]).trim()])) as Record<CardField, string>,
    mapping: {
      word: text(value.wordProperty).trim(),
      reading: text(value.readingProperty).trim(),
      meaning: text(value.meaningProperty).trim(),
      example: text(value.exampleProperty).trim(),
    },
  };
}

/** Names the database in messages: "the database “Vocabulary”". */
export const describeEntry = (entry: Pick<NotionEntry, 'name'>) => translate(catalogue, 'what.database', { name: entry.name });
