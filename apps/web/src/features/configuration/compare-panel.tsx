import { CONFIG_COMPARE_MAX, CONFIG_MESSAGES, findSetting, findSettingCategory } from '@guildhall/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { useConfigCompare } from '../../api/guild-config';
import { Badge } from '../../ui/badge';
import { Card } from '../../ui/card';
import { DataTable } from '../../ui/data-table';
import { Spinner } from '../../ui/spinner';
import { Switch } from '../../ui/switch';
import { formatSettingValue } from './config-form';
import { GuildMultiSelect } from './guild-picker';

type CompareAnswer = NonNullable<ReturnType<typeof useConfigCompare>['data']>;
type CompareRow = CompareAnswer['rows'][number];

/** A setting's value in one guild as the form would show it; a secret only says whether it is set. */
function SettingCell({ row, index }: { row: CompareRow; index: number }) {
  const definition = findSetting(row.category, row.key);
  const cell = row.values[index];
  if (!cell) return null;
  return (
    <>
      {definition?.kind === 'secret' ? (cell.secretSet ? 'Set' : 'Not set') : formatSettingValue(cell.value, definition)}
      {cell.overridden && definition?.kind !== 'secret' && (
        <span className="config-compare__modified" title="Overrides the default">
          {' '}
          (modified)
        </span>
      )}
    </>
  );
}

/** The setting (a row head, marked where the guilds differ), then one column per guild. */
function compareColumns(guilds: CompareAnswer['guilds']): ColumnDef<CompareRow>[] {
  return [
    {
      id: 'setting',
      header: 'Setting',
      meta: { isRowHeader: true },
      cell: ({ row: { original: row } }) => (
        <>
          <span className="muted">{findSettingCategory(row.category)?.label} ·</span>{' '}
          {findSetting(row.category, row.key)?.label ?? row.key}
          {row.differs && (
            <Badge tone="warn" className="config-compare__mark">
              Differs
            </Badge>
          )}
        </>
      ),
    },
    ...guilds.map<ColumnDef<CompareRow>>((guild, index) => ({
      id: guild.id,
      header: guild.name,
      cell: ({ row }) => <SettingCell row={row.original} index={index} />,
    })),
  ];
}

/** Compare 2 to 5 guilds: settings × guilds, differing rows marked, optionally only those. */
export function ComparePanel() {
  const [guilds, setGuilds] = useState<{ id: string; name: string }[]>([]);
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  const ids = guilds.map((g) => g.id);
  const compare = useConfigCompare(ids);
  const rows = (compare.data?.rows ?? []).filter((row) => !onlyDifferences || row.differs);
  const differing = compare.data?.rows.filter((row) => row.differs).length ?? 0;

  return (
    <div className="config-stack">
      <Card title="Compare guilds">
        <GuildMultiSelect
          label="Guilds to compare"
          selected={guilds}
          onChange={setGuilds}
          max={CONFIG_COMPARE_MAX}
          testId="compare-guilds"
        />
        {guilds.length < 2 && <p className="muted">{CONFIG_MESSAGES.compareCount}.</p>}
      </Card>
      {guilds.length >= 2 && (
        <Card
          title="Side by side"
          data-testid="compare"
          actions={
            <Switch checked={onlyDifferences} onChange={setOnlyDifferences}>
              Only differences
            </Switch>
          }
        >
          {compare.isPending && <Spinner label="Comparing..." />}
          {compare.isError && (
            <p className="alert alert--error" role="alert">
              {errorMessage(compare.error)}
            </p>
          )}
          {compare.data && (
            <>
              <p className="muted" data-testid="compare-summary">
                {differing} {differing === 1 ? 'setting differs' : 'settings differ'}
              </p>
              <DataTable
                columns={compareColumns(compare.data.guilds)}
                rows={rows}
                getRowId={(row) => `${row.category}.${row.key}`}
                label="Settings compared"
                className="config-compare"
                rowAttributes={(row) => ({
                  className: row.differs ? 'config-compare__row--differs' : undefined,
                  'data-testid': `compare-row-${row.category}.${row.key}`,
                  'data-differs': String(row.differs),
                })}
                isBusy={compare.isFetching}
              />
            </>
          )}
        </Card>
      )}
    </div>
  );
}
