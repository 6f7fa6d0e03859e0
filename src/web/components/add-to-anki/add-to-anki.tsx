import { Button, Loader, Menu, Text, Tooltip } from '@mantine/core';
import { IconCards, IconCheck, IconClockHour4 } from '@tabler/icons-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { AnkiError } from '../../lib/anki/anki-client';
import { ankiErrorMessage } from '../../lib/anki/anki-messages';
import { buildNote, type AnkiCard } from '../../lib/anki/anki-note';
import { addCard, browseNotes, cardKey, checkNote, flushQueue, onQueueEvent, watchQueued } from '../../lib/anki/anki-queue';
import { ankiCatalogue } from '../../lib/anki/i18n';
import { useT } from '../../lib/i18n/use-t';
import { toast } from '../../lib/notify';
import { useSettings } from '../../lib/settings-store';

type View =
  | { state: 'checking' }
  | { state: 'ready' }
  | { state: 'adding' }
  | { state: 'exists'; noteIds: number[] }
  | { state: 'queued' }
  | { state: 'error'; message: string };

export interface AddToAnkiProps {
  /** What the place knows about the word; may fetch (the whole sentence, the dictionary's reading). */
  card: () => AnkiCard | Promise<AnkiCard>;
  /** Names the card: a new id makes a new card (the player's next line). */
  cardId: string;
  /** `menuitem` inside a Mantine menu (a Shonagon row's actions, the selection menu). */
  variant?: 'button' | 'menuitem';
}

/**
 * "add to Anki" (docs/on-screen-names.md "Anki and furigana controls"): asks Anki whether the note
 * is new, adds it with one click (through the IndexedDB queue, so a closed Anki loses nothing),
 * then reads "in Anki" and opens the note in Anki's browser. Every failure says what to fix.
 */
export function AddToAnki(props: AddToAnkiProps) {
  return (
    <Suspense fallback={null}>
      <AddToAnkiControl {...props} />
    </Suspense>
  );
}

function AddToAnkiControl({ card: makeCard, cardId, variant = 'button' }: AddToAnkiProps) {
  const t = useT(ankiCatalogue);
  const anki = useSettings((settings) => settings.anki);
  const [view, setView] = useState<View>({ state: 'checking' });
  const [resolved, setResolved] = useState<{ card: AnkiCard; key: string } | null>(null);
  const makeCardRef = useRef(makeCard);
  makeCardRef.current = makeCard;

  useEffect(() => {
    let live = true;
    setResolved(null);
    setView({ state: 'checking' });
    void Promise.resolve(makeCardRef.current())
      .then((card) => live && setResolved({ card, key: cardKey(card, anki) }))
      .catch((error: unknown) => live && setView({ state: 'error', message: ankiErrorMessage(error, anki) }));
    return () => {
      live = false;
    };
  }, [cardId, anki]);

  useEffect(() => {
    if (!resolved) return;
    let live = true;
    let queued = false;
    const check = () => {
      const { note, media } = buildNote(resolved.card, anki);
      // A click made while Anki was being asked wins: its own answer comes from the queue.
      const settle = (next: View) => live && !queued && setView((current) => (current.state === 'adding' ? current : next));
      checkNote(note, media, anki.apiKey).then(
        (status) => settle(status.state === 'exists' ? { state: 'exists', noteIds: status.noteIds } : { state: 'ready' }),
        // Anki closed: the control still adds (to the queue); anything else says what to fix.
        (error: unknown) => settle(error instanceof AnkiError && error.failure === 'down' ? { state: 'ready' } : { state: 'error', message: ankiErrorMessage(error, anki) }),
      );
    };
    const stopWatching = watchQueued(resolved.key, (isQueued) => {
      const wasQueued = queued;
      queued = isQueued;
      if (isQueued) setView({ state: 'queued' });
      // Sent by this tab or another one: ask Anki again.
      else if (wasQueued) check();
    });
    const stopEvents = onQueueEvent((event) => {
      if (event.key !== resolved.key || !live) return;
      if (event.state === 'failed') setView({ state: 'error', message: ankiErrorMessage(event.error, anki) });
      else if (event.state === 'added') setView(event.noteId === null ? { state: 'exists', noteIds: [] } : { state: 'exists', noteIds: [event.noteId] });
    });
    check();
    return () => {
      live = false;
      stopWatching();
      stopEvents();
    };
  }, [resolved, anki]);

  const word = resolved?.card.word ?? '';
  const onClick = () => {
    if (!resolved) return;
    if (view.state === 'exists') {
      const known = view.noteIds;
      const { note, media } = buildNote(resolved.card, anki);
      void (known.length ? Promise.resolve(known) : checkNote(note, media, anki.apiKey).then((status) => (status.state === 'exists' ? status.noteIds : [])))
        .then((ids) => browseNotes(ids, anki.apiKey))
        .catch((error: unknown) => toast(ankiErrorMessage(error, anki), 'error'));
      return;
    }
    if (view.state === 'queued') {
      void flushQueue();
      return;
    }
    // A click while Anki is still being asked adds anyway: the queue asks again before it adds.
    if (view.state === 'adding') return;
    setView({ state: 'adding' });
    const stop = onQueueEvent((event) => {
      if (event.key !== resolved.key) return;
      stop();
      if (event.state === 'added') toast(t('toast.added', { word }), 'success');
      else if (event.state === 'waiting') toast(t('toast.queued', { word }), 'info');
    });
    addCard(resolved.card, anki).catch((error: unknown) => {
      stop();
      setView({ state: 'error', message: ankiErrorMessage(error, anki) });
    });
  };

  // Each name starts with the words the control shows, so it can be spoken to by them (WCAG 2.5.3).
  const label =
    view.state === 'exists'
      ? t('control.inAnkiLabel', { word })
      : view.state === 'queued'
        ? t('control.queuedLabel', { word })
        : view.state === 'adding'
          ? t('control.addingLabel', { word })
          : t('control.addLabel', { word });
  const text = view.state === 'exists' ? t('control.inAnki') : view.state === 'queued' ? t('control.queued') : view.state === 'adding' ? t('control.adding') : t('control.add');
  const busy = view.state === 'checking' || view.state === 'adding';
  const icon = busy ? <Loader size={12} aria-hidden /> : view.state === 'exists' ? <IconCheck size={14} aria-hidden /> : view.state === 'queued' ? <IconClockHour4 size={14} aria-hidden /> : <IconCards size={14} aria-hidden />;
  const problem = view.state === 'error' ? view.message : view.state === 'queued' ? t('control.queuedHint') : null;

  if (variant === 'menuitem') {
    return (
      <>
        <Menu.Item leftSection={icon} aria-label={label} aria-busy={busy || undefined} closeMenuOnClick={false} onClick={onClick} data-anki-state={view.state}>
          {text}
        </Menu.Item>
        {/* Beside the item, not in it: the item's name holds only its own words. */}
        {problem ? (
          <Text size="xs" px="sm" pb={4} c={view.state === 'error' ? 'red' : 'dimmed'} role={view.state === 'error' ? 'alert' : undefined} style={{ whiteSpace: 'normal' }}>
            {problem}
          </Text>
        ) : null}
      </>
    );
  }
  return (
    <span style={{ display: 'inline-flex', flexDirection: 'column', gap: 2, minWidth: 0, maxWidth: '100%' }}>
      <Tooltip label={problem ?? label} multiline w={260} withArrow openDelay={300} disabled={view.state === 'error'}>
        <Button
          size="compact-xs"
          variant={view.state === 'exists' ? 'light' : 'subtle'}
          color={view.state === 'exists' ? 'teal' : view.state === 'queued' ? 'yellow' : undefined}
          leftSection={icon}
          aria-label={label}
          aria-busy={busy || undefined}
          data-anki-state={view.state}
          onClick={onClick}
        >
          {text}
        </Button>
      </Tooltip>
      {view.state === 'error' ? (
        <Text size="xs" c="red" role="alert" style={{ overflowWrap: 'anywhere' }}>
          {view.message}
        </Text>
      ) : null}
    </span>
  );
}
