import { ActionIcon, SegmentedControl, Select } from '@mantine/core';
import { IconLayoutGrid, IconList, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useT } from '../../../lib/i18n/use-t';
import { orders, type XpanParams } from '../hooks/use-xpan-params';
import { catalogue } from '../i18n';
import classes from '../xpan.module.css';

/** Sort order, direction and list/grid view, kept in the address. */
export function ViewControls({ order, desc, view, change }: Pick<XpanParams, 'order' | 'desc' | 'view' | 'change'>) {
  const t = useT(catalogue);
  return (
    <div className={classes.controls}>
      <Select
        label={t('view.sortBy')}
        data={orders.map((value) => ({ value, label: t(`view.order.${value}`) }))}
        value={order}
        onChange={(value) => change({ order: value === 'name' ? null : value })}
        allowDeselect={false}
        w={100}
        size="xs"
        comboboxProps={{ withinPortal: true }}
      />
      <ActionIcon
        variant="default"
        size="input-xs"
        aria-label={desc ? t('view.descending') : t('view.ascending')}
        title={desc ? t('view.descending.hint') : t('view.ascending.hint')}
        aria-pressed={desc}
        onClick={() => change({ desc: desc ? null : '1' })}
      >
        {desc ? <IconSortDescending size={16} aria-hidden /> : <IconSortAscending size={16} aria-hidden />}
      </ActionIcon>
      <SegmentedControl
        aria-label={t('view')}
        size="xs"
        value={view}
        onChange={(value) => change({ view: value === 'grid' ? 'grid' : null })}
        data={[
          { value: 'list', label: <IconList size={16} aria-label={t('view.list')} /> },
          { value: 'grid', label: <IconLayoutGrid size={16} aria-label={t('view.grid')} /> },
        ]}
      />
    </div>
  );
}
