import { useRef, useState, type DragEvent, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import classes from './drop-zone.module.css';

export interface DropZonePickers {
  /** Opens the file picker. */
  chooseFiles: () => void;
  /** Opens the folder picker (only with `folderInputLabel`). */
  chooseFolder: () => void;
}

interface DropZoneProps {
  /**
   * Files dropped or chosen, and the names of folders dropped: a dropped folder arrives as a
   * 0-byte "file" that cannot be read, so it is left out of `files` and named apart.
   */
  onFiles: (files: File[], droppedFolders: string[]) => void;
  /** The file input's accessible name (the picker; tests set files through it). */
  inputLabel: string;
  /** A second picker for a whole folder, with this accessible name. */
  folderInputLabel?: string;
  accept?: string;
  multiple?: boolean;
  /** Nothing is taken while disabled: drops are ignored and the zone does not light up. */
  disabled?: boolean;
  /**
   * The whole zone opens the picker (click, Enter or Space): it is then a button, named by the
   * words it shows (WCAG 2.5.3, label in name), so it takes no label of its own.
   */
  clickable?: boolean;
  /** Names the zone as a region, for a zone that is not a button. */
  label?: string;
  /** The zone's words and buttons; the pickers open the hidden inputs. */
  children: (pickers: DropZonePickers) => ReactNode;
}

/** Drop files here, or choose them (or a folder) with the picker: the one drop zone of every screen. */
export function DropZone({ onFiles, inputLabel, folderInputLabel, accept, multiple, disabled, clickable, label, children }: DropZoneProps) {
  const [active, setActive] = useState(false);
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const pickers: DropZonePickers = {
    chooseFiles: () => filesInput.current?.click(),
    chooseFolder: () => folderInput.current?.click(),
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setActive(false);
    if (disabled) return;
    const files: File[] = [];
    const folders: string[] = [];
    for (const item of event.dataTransfer.items) {
      if (item.kind !== 'file') continue;
      const entry = item.webkitGetAsEntry?.();
      if (entry?.isDirectory) {
        folders.push(entry.name);
        continue;
      }
      const file = item.getAsFile();
      if (file) files.push(file);
    }
    if (files.length > 0 || folders.length > 0) onFiles(files, folders);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (disabled || event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    pickers.chooseFiles();
  };
  const picked = (input: HTMLInputElement) => {
    const files = [...(input.files ?? [])];
    // Cleared, so that choosing the same file again is a change too.
    input.value = '';
    if (files.length > 0) onFiles(files, []);
  };

  const button = clickable
    ? { role: 'button', tabIndex: disabled ? -1 : 0, 'aria-disabled': disabled || undefined, onClick: (event: MouseEvent) => {
          // The picker's own click bubbles up from the hidden input inside.
          if (!disabled && !(event.target instanceof HTMLInputElement)) pickers.chooseFiles();
        },
        onKeyDown,
      }
    : { role: label ? 'region' : undefined, 'aria-label': label };
  return (
    <div
      className={classes.zone}
      data-active={active || undefined}
      data-clickable={clickable || undefined}
      onDragOver={(event) => {
        event.preventDefault();
        setActive(!disabled);
      }}
      onDragLeave={() => setActive(false)}
      onDrop={onDrop}
      {...button}
    >
      {children(pickers)}
      <input ref={filesInput} type="file" multiple={multiple} accept={accept} hidden aria-label={inputLabel} onChange={(event) => picked(event.currentTarget)} />
      {folderInputLabel ? (
        <input ref={folderInput} type="file" multiple hidden aria-label={folderInputLabel} {...{ webkitdirectory: '' }} onChange={(event) => picked(event.currentTarget)} />
      ) : null}
    </div>
  );
}
