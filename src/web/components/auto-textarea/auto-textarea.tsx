import { InputBase, type InputBaseProps } from '@mantine/core';
import type { CSSProperties, Ref, TextareaHTMLAttributes } from 'react';
import classes from './auto-textarea.module.css';

export interface AutoTextareaProps extends InputBaseProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, keyof InputBaseProps | 'rows'> {
  ref?: Ref<HTMLTextAreaElement>;
  minRows?: number;
  maxRows?: number;
}

/**
 * A textarea that grows with its content between `minRows` and `maxRows`, in CSS
 * (`field-sizing: content`). Mantine's `autosize` measures with getComputedStyle on every render,
 * which forces a layout of the whole page: on the settings screen and during a streamed chat reply
 * that was the longest task on the main thread. Browsers without field-sizing show `minRows` rows
 * that the person can resize.
 *
 * Mantine's `Textarea` is this same `InputBase` with its autosize code imported whether used or
 * not (2 KB gzip on every form screen's first load), so the textarea is built from `InputBase`
 * directly, with Textarea's class names.
 */
export function AutoTextarea({ minRows = 2, maxRows = 10, classNames, style, ...props }: AutoTextareaProps) {
  const rows = { '--auto-min-rows': minRows, '--auto-max-rows': maxRows } as CSSProperties;
  return (
    <InputBase<'textarea'>
      component="textarea"
      multiline
      __staticSelector="Textarea"
      {...props}
      rows={minRows}
      classNames={{ ...(classNames as object), input: classes.input }}
      style={{ ...rows, ...(style as CSSProperties) }}
    />
  );
}
