import { INFLUX_MESSAGES, type InfluxEngine, type InfluxLanguage, type InfluxTimeRange } from '@guildhall/contract';
import { useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { Card } from '../../ui/card';
import { Spinner } from '../../ui/spinner';
import { useGenerateQuery, useMeasurementDetails } from './influx-api';
import { InfluxBanner } from './influx-banner';
import type { QueryDraft } from './influx-manager-page';
import { LanguagePicker } from './language-picker';

interface MeasurementDetailsProps {
  engine: InfluxEngine;
  bucket: string;
  measurement: string;
  timeRange: InfluxTimeRange;
  onGenerated: (draft: QueryDraft) => void;
}

/** Toggles one entry of a list. */
const toggled = (list: readonly string[], value: string) =>
  list.includes(value) ? list.filter((entry) => entry !== value) : [...list, value];

/** A measurement's tags (first 10 values, then '+N more values') and fields with their types, ticked into a query. */
export function MeasurementDetails({ engine, bucket, measurement, timeRange, onGenerated }: MeasurementDetailsProps) {
  const details = useMeasurementDetails(bucket, measurement, timeRange);
  const generate = useGenerateQuery();
  const [tagValues, setTagValues] = useState<Record<string, string[]>>({});
  const [fields, setFields] = useState<string[]>([]);
  const [language, setLanguage] = useState<InfluxLanguage>(engine.defaultLanguage);

  function handleGenerate() {
    const tags = Object.entries(tagValues)
      .filter(([, values]) => values.length > 0)
      .map(([name, values]) => ({ name, values }));
    generate.mutate(
      { bucket, measurement, timeRange, tags, fields, language },
      { onSuccess: (answer) => onGenerated({ query: answer.query, language: answer.language, bucket }) },
    );
  }

  return (
    <Card
      title={`Tags and fields of ${measurement}`}
      data-testid="influx-measurement-details"
      actions={
        <button
          type="button"
          className="button button--primary button--small"
          onClick={handleGenerate}
          disabled={generate.isPending}
        >
          Generate Query
        </button>
      }
    >
      {details.isError && <InfluxBanner text={INFLUX_MESSAGES.loadMeasurementDetailsFailed(errorMessage(details.error))} />}
      {generate.isError && <InfluxBanner text={errorMessage(generate.error)} />}
      {details.isPending && <Spinner label="Loading tags and fields..." />}
      {engine.languages.length > 1 && <LanguagePicker languages={engine.languages} value={language} onChange={setLanguage} />}
      {details.data && (
        <div className="influx-details">
          <section aria-label="Tags">
            <h3 className="influx-subtitle">Tags</h3>
            {details.data.tags.length === 0 && <p className="influx-muted">No tags.</p>}
            {details.data.tags.map((tag) => (
              <fieldset key={tag.name} className="influx-tag" data-testid={`influx-tag-${tag.name}`}>
                <legend className="influx-mono">{tag.name}</legend>
                <div className="influx-checks">
                  {tag.values.map((value) => (
                    <label key={value} className="influx-check">
                      <input
                        type="checkbox"
                        checked={tagValues[tag.name]?.includes(value) ?? false}
                        onChange={() =>
                          setTagValues((current) => ({ ...current, [tag.name]: toggled(current[tag.name] ?? [], value) }))
                        }
                      />
                      {value}
                    </label>
                  ))}
                </div>
                {tag.moreCount > 0 && <p className="influx-muted">+{tag.moreCount.toLocaleString()} more values</p>}
              </fieldset>
            ))}
          </section>
          <section aria-label="Fields">
            <h3 className="influx-subtitle">Fields</h3>
            {details.data.fields.length === 0 && <p className="influx-muted">No fields.</p>}
            <div className="influx-checks influx-checks--fields">
              {details.data.fields.map((field) => (
                <label key={field.name} className="influx-check">
                  <input
                    type="checkbox"
                    checked={fields.includes(field.name)}
                    onChange={() => setFields((current) => toggled(current, field.name))}
                  />
                  <span className="influx-mono">{field.name}</span>
                  <span className="influx-type">{field.type}</span>
                </label>
              ))}
            </div>
          </section>
        </div>
      )}
    </Card>
  );
}
