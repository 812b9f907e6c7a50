import { CONFIG_COMPARE_MAX, CONFIG_MESSAGES, findSetting, findSettingCategory } from '@guildhall/contract';
import { useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { useConfigCompare } from '../../api/guild-config';
import { Badge } from '../../ui/badge';
import { Card } from '../../ui/card';
import { Spinner } from '../../ui/spinner';
import { TableScroll } from '../../ui/table-scroll';
import { formatSettingValue } from './config-form';
import { GuildMultiSelect } from './guild-picker';

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
            <label className="switch">
              <input type="checkbox" checked={onlyDifferences} onChange={(e) => setOnlyDifferences(e.target.checked)} />
              <span className="switch__track" aria-hidden="true" />
              Only differences
            </label>
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
              <TableScroll label="Settings compared" isBusy={compare.isFetching}>
                <table className="table config-compare">
                  <thead>
                    <tr>
                      <th scope="col">Setting</th>
                      {compare.data.guilds.map((guild) => (
                        <th scope="col" key={guild.id}>
                          {guild.name}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row) => {
                      const definition = findSetting(row.category, row.key);
                      return (
                        <tr
                          key={`${row.category}.${row.key}`}
                          className={row.differs ? 'config-compare__row--differs' : undefined}
                          data-testid={`compare-row-${row.category}.${row.key}`}
                          data-differs={row.differs}
                        >
                          <th scope="row">
                            <span className="muted">{findSettingCategory(row.category)?.label} ·</span>{' '}
                            {definition?.label ?? row.key}
                            {row.differs && (
                              <Badge tone="warn" className="config-compare__mark">
                                Differs
                              </Badge>
                            )}
                          </th>
                          {row.values.map((cell, index) => (
                            <td key={compare.data.guilds[index]?.id ?? index}>
                              {definition?.kind === 'secret'
                                ? cell.secretSet
                                  ? 'Set'
                                  : 'Not set'
                                : formatSettingValue(cell.value, definition)}
                              {cell.overridden && definition?.kind !== 'secret' && (
                                <span className="config-compare__modified" title="Overrides the default">
                                  {' '}
                                  (modified)
                                </span>
                              )}
                            </td>
                          ))}
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </TableScroll>
            </>
          )}
        </Card>
      )}
    </div>
  );
}
