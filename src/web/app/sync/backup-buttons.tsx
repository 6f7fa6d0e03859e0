import { Button, Group, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useRef, useState } from 'react';
import { catalogue as settingsWords } from '../../features/settings/i18n';
import { useT } from '../../lib/i18n/use-t';
import { untilLoaded } from '../../lib/until-loaded';

/** The options and the reading of files come with the first click: Settings' first paint has two buttons. */
const BackupPanel = lazy(() => untilLoaded(() => import('./backup-panel')).then((module) => ({ default: module.BackupPanel })));

/** Only .json files, as for the settings file (docs/storage.md "Import and export"). */
const backupFileTypes = '.json,application/json';

export type BackupTask = { kind: 'export' } | { kind: 'import'; file: File };

/**
 * Settings → System's `export all` and `import all` (docs/on-screen-names.md "Settings"): every
 * kind of record sync knows, in one file, whether or not this device syncs.
 */
export function BackupButtons() {
  const t = useT(settingsWords);
  const [task, setTask] = useState<BackupTask | null>(null);
  const input = useRef<HTMLInputElement>(null);
  return (
    <Stack gap={6}>
      <Group gap="sm">
        <Button variant="default" onClick={() => setTask({ kind: 'export' })}>
          {t('system.exportAll')}
        </Button>
        <Button variant="default" onClick={() => input.current?.click()}>
          {t('system.importAll')}
        </Button>
        <input
          ref={input}
          type="file"
          accept={backupFileTypes}
          hidden
          aria-label={t('system.importAllFile')}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) setTask({ kind: 'import', file });
          }}
        />
      </Group>
      <Text size="xs" c="dimmed">
        {t('system.backup.description')}
      </Text>
      {task ? (
        <Suspense fallback={null}>
          <BackupPanel key={task.kind === 'import' ? `${task.file.name}:${task.file.lastModified}` : 'export'} task={task} onDone={() => setTask(null)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
