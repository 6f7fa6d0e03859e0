import { Button, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../../lib/i18n/use-t';
import { catalogue } from '../i18n';
import classes from '../xpan.module.css';

/** Baidu's search key limit (wire file: "≤30 chars"). */
export const maxSearchLength = 30;

/** The search form: a valid word opens /yunpan/search in the folder shown. */
export function SearchBox({ initial, dir, extra }: { initial: string; dir: string; extra?: ReactNode }) {
  const t = useT(catalogue);
  const navigate = useNavigate();
  const [key, setKey] = useState(initial);
  const [touched, setTouched] = useState(false);
  const tooLong = [...key.trim()].length > maxSearchLength;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    const trimmed = key.trim();
    if (!trimmed || tooLong) return;
    navigate(`/yunpan/search?${new URLSearchParams({ key: trimmed, ...(dir !== '/' ? { dir } : {}) })}`);
  };
  return (
    <form className={classes.searchForm} role="search" onSubmit={submit}>
      <TextInput
        aria-label={t('search.label')}
        placeholder={dir === '/' ? t('search.placeholder') : t('search.placeholder.folder', { folder: dir.split('/').at(-1) })}
        value={key}
        onChange={(event) => setKey(event.currentTarget.value)}
        error={tooLong ? t('search.tooLong', { max: maxSearchLength }) : touched && !key.trim() ? t('search.blank') : undefined}
        leftSection={<IconSearch size={16} aria-hidden />}
        size="xs"
        style={{ flex: 1, minWidth: 0 }}
      />
      {extra}
      <Button type="submit" size="xs">
        {t('search.submit')}
      </Button>
    </form>
  );
}
