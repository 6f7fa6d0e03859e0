import { Button, Group, Stack, Text } from '@mantine/core';
import { IconFolderUp, IconUpload } from '@tabler/icons-react';
import { useRef, useState, type DragEvent } from 'react';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';
import { maxParallelUploads } from '../upload-manager';
import classes from './upload.module.css';

interface DropZoneProps {
  onFiles: (files: File[], folderSkipped: boolean) => void;
  disabled?: boolean;
}

/** Drop files here, or pick files or a whole folder. */
export function DropZone({ onFiles, disabled }: DropZoneProps) {
  const t = useT(catalogue);
  const [active, setActive] = useState(false);
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);

  const take = (list: FileList | null) => {
    if (list && list.length > 0) onFiles([...list], false);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setActive(false);
    if (disabled) return;
    const items = [...event.dataTransfer.items];
    // A dropped folder arrives as a 0-byte "file" that cannot be read; folders go through the picker.
    const folders = items.filter((item) => item.webkitGetAsEntry?.()?.isDirectory).length;
    const files = items
      .filter((item) => item.kind === 'file' && !item.webkitGetAsEntry?.()?.isDirectory)
      .map((item) => item.getAsFile())
      .filter((file): file is File => file !== null);
    onFiles(files, folders > 0);
  };

  return (
    <div
      className={classes.dropZone}
      data-active={active || undefined}
      onDragOver={(event) => {
        event.preventDefault();
        setActive(!disabled);
      }}
      onDragLeave={() => setActive(false)}
      onDrop={onDrop}
    >
      <Stack gap="sm" align="center">
        <IconUpload size={32} aria-hidden stroke={1.5} />
        <Text fw={500}>{t('drop.title')}</Text>
        <Group gap="sm" justify="center">
          <Button disabled={disabled} leftSection={<IconUpload size={16} aria-hidden />} onClick={() => filesInput.current?.click()}>
            {t('drop.chooseFiles')}
          </Button>
          <Button disabled={disabled} variant="default" leftSection={<IconFolderUp size={16} aria-hidden />} onClick={() => folderInput.current?.click()}>
            {t('drop.chooseFolder')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t('drop.hint', { count: maxParallelUploads })}
        </Text>
      </Stack>
      <input
        ref={filesInput}
        type="file"
        multiple
        hidden
        aria-label={t('drop.filesInput')}
        onChange={(event) => {
          take(event.currentTarget.files);
          event.currentTarget.value = '';
        }}
      />
      <input
        ref={folderInput}
        type="file"
        multiple
        hidden
        aria-label={t('drop.folderInput')}
        {...{ webkitdirectory: '' }}
        onChange={(event) => {
          take(event.currentTarget.files);
          event.currentTarget.value = '';
        }}
      />
    </div>
  );
}
