import { Button, Group, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy, IconDownload, IconUpload } from '@tabler/icons-react';
import { memo, useEffect, useRef } from 'react';
import type { Settings } from '../../../common/settings';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../components/page-frame/page-frame';
import { useT } from '../../lib/i18n/use-t';
import { toast } from '../../lib/notify';
import { useSettingsStore } from '../../lib/settings-store';
import { storageKeys } from '../../lib/storage';
import type { SectionProps, SettingsSection, Words } from './components/section-props';
import { SettingsCard } from './components/settings-card';
import classes from './components/settings.module.css';
import { useLeaveGuard } from './hooks/use-leave-guard';
import { useSettingsDraft } from './hooks/use-settings-draft';
import { catalogue } from './i18n';

/**
 * `?clean=<non-empty>` resets the stored settings to their defaults on load
 * (docs/on-screen-names.md "Routes and titles").
 */
/** Reading and writing settings files is code for two buttons: loaded when one is used. */
const settingsFiles = () => import('./settings-io');
/**
 * Only .json files are accepted (docs/storage.md "Import and export"); the picker says so and a
 * file that slips past is refused.
 */
const settingsFileTypes = '.json,application/json';

function useCleanParam() {
  const t = useT(catalogue);
  const [searchParams, setSearchParams] = useSearchParams();
  const clean = searchParams.get('clean');
  const handled = useRef<string | null>(null);
  useEffect(() => {
    // The ref keeps React's development double-run of effects from resetting (and toasting) twice.
    if (!clean) {
      handled.current = null;
      return;
    }
    if (handled.current === clean) return;
    handled.current = clean;
    useSettingsStore.getState().resetToDefaults();
    toast(t('toast.reset'), 'info');
    // Drop the parameter so that a later reload does not wipe settings saved in the meantime.
    setSearchParams(
      (params) => {
        params.delete('clean');
        return params;
      },
      { replace: true },
    );
  }, [clean, setSearchParams, t]);
}

/** A message of any catalogue, in the interface language (re-rendered when it changes). */
function useWords(words: Words): string;
function useWords(words: Words | undefined): string | undefined;
function useWords(words: Words | undefined): string | undefined {
  const t = useT(words?.catalogue ?? catalogue);
  return words ? t(words.key as never) : undefined;
}

const partsOf = ({ part }: SettingsSection): readonly (keyof Settings)[] => (part === undefined ? [] : typeof part === 'string' ? [part] : part);

/**
 * A section renders again only when its own part of the draft changes (`update` and `set` are
 * stable): typing in one field does not re-render the other sections, and neither does the
 * page's own re-render after mount (react-router's useBlocker sets state in an effect).
 */
const SectionCard = memo(
  function SectionCard({ section, ...props }: SectionProps & { section: SettingsSection }) {
    const { Content } = section;
    return (
      <SettingsCard id={section.id} title={useWords(section.title)} description={useWords(section.description)}>
        <Content {...props} />
      </SettingsCard>
    );
  },
  (before, after) =>
    before.section === after.section &&
    partsOf(after.section).every((part) => before.draft[part] === after.draft[part]) &&
    before.update === after.update &&
    before.set === after.set,
);

function SectionLink({ section }: { section: SettingsSection }) {
  return (
    <Button
      component="a"
      href={`#${section.id}`}
      variant="subtle"
      size="compact-sm"
      color="gray"
      visibleFrom="sm"
      onClick={(event: React.MouseEvent) => {
        event.preventDefault();
        document.getElementById(section.id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      }}
    >
      {useWords(section.title)}
    </Button>
  );
}

/** The settings screen: its sections, in order, are the route's one list (`sections`). */
export function SettingsPage({ sections }: { sections: SettingsSection[] }) {
  const t = useT(catalogue);
  useCleanParam();
  const { draft, saved, dirty, update, set, replace, save } = useSettingsDraft();
  const fileInput = useRef<HTMLInputElement>(null);

  /** Storage can refuse (full, disabled): then nothing changed and the edits stay in the draft. */
  const persist = (next?: Parameters<typeof save>[0]): boolean => {
    try {
      save(next);
    } catch (error) {
      toast(t('toast.notSaved', { message: error instanceof Error ? error.message : String(error) }), 'error');
      return false;
    }
    toast(t('toast.saved'), 'success');
    return true;
  };
  const saveDraft = () => persist();
  useLeaveGuard(dirty, saveDraft, () => replace(saved));
  useEffect(() => {
    // The browser looks for `#section` before the screen's chunk has drawn it: a deep link
    // (/settings#dictionaries) lands on its section once it is there.
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, []);

  const onImport = async (file: File | undefined) => {
    if (!file) return;
    const { importSettingsFile, importErrorMessage } = await settingsFiles();
    const result = await importSettingsFile(draft, file);
    if (!result.ok) {
      toast(importErrorMessage(t, result.message), 'error');
      return;
    }
    if (!persist(result.settings)) return;
    // A Save keeps the language, theme and furigana switched since the screen opened; a file's own
    // apply like its other fields (those it lacks are the current ones).
    const { language, theme, furigana } = result.settings;
    useSettingsStore.getState().setPreferences({ language, theme, furigana });
  };


  return (
    <div className={classes.page}>
      <PageFrame>
        <nav aria-label={t('page.sections')} className={classes.sectionNav}>
          {sections.map((section) => (
            <SectionLink key={section.id} section={section} />
          ))}
        </nav>
        <div className={classes.actionBar} role="toolbar" aria-label={t('page.actions')}>
          <div className={classes.status} aria-live="polite">
            <span
              aria-hidden
              style={{
                width: 8,
                height: 8,
                borderRadius: 4,
                flexShrink: 0,
                background: dirty ? 'var(--mantine-color-yellow-6)' : 'var(--mantine-color-teal-6)',
              }}
            />
            <Text size="sm" c={dirty ? undefined : 'dimmed'} fw={dirty ? 600 : 400} truncate>
              {dirty ? t('page.unsaved') : t('page.allSaved')}
            </Text>
          </div>
          <div className={classes.buttons}>
            <Button variant="default" leftSection={<IconUpload size={16} aria-hidden />} onClick={() => fileInput.current?.click()}>
              {t('page.import')}
            </Button>
            <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void settingsFiles().then(({ downloadSettings }) => downloadSettings(draft))}>
              {t('page.export')}
            </Button>
            <Button className={classes.primary} leftSection={<IconDeviceFloppy size={16} aria-hidden />} onClick={saveDraft}>
              {t('page.save')}
            </Button>
          </div>
          <input
            ref={fileInput}
            type="file"
            accept={settingsFileTypes}
            hidden
            aria-label={t('page.importFile')}
            onChange={(event) => {
              const input = event.currentTarget;
              void onImport(input.files?.[0]).finally(() => {
                input.value = '';
              });
            }}
          />
        </div>
        <Stack gap="lg">
          {sections.map((section) => (
            <SectionCard key={section.id} section={section} draft={draft} update={update} set={set} />
          ))}
        </Stack>
        <Group justify="flex-end">
          {/* The storage key in the hint, not on the page: it would read as a key name left untranslated. */}
          <Text size="xs" c="dimmed" title={t('page.storage.key', { key: storageKeys.settings })}>
            {t('page.storage')}
          </Text>
        </Group>
      </PageFrame>
    </div>
  );
}
