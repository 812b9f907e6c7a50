import { REDIS_CREATE_TYPES, REDIS_MESSAGES, type RedisCreateType } from '@guildhall/contract';
import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../api/api-error';
import { Card } from '../../ui/card';
import { FormField } from '../../ui/form-field';
import { SubmitButton } from '../../ui/submit-button';
import { TextField } from '../../ui/text-field';
import { useToast } from '../../ui/toast-context';
import { CREATE_VALUE_HINTS, parseCreateValue } from './create-value';
import { TYPE_LABELS } from './key-type-icon';
import { useCreateKey } from './redis-api';
import { RedisBanner } from './redis-banner';
import { parseTtlSeconds } from './ttl';

/** Create New Key (spec 2 §2): name, type, value and an optional TTL in seconds; it never overwrites a key. */
export function CreateKeyForm({ database }: { database: number }) {
  const [name, setName] = useState('');
  const [type, setType] = useState<RedisCreateType>('string');
  const [value, setValue] = useState('');
  const [ttl, setTtl] = useState('');
  const [problem, setProblem] = useState<{ field: 'form' | 'ttl'; text: string } | null>(null);
  const create = useCreateKey();
  const toast = useToast();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    create.reset();
    if (name.trim() === '') return setProblem({ field: 'form', text: REDIS_MESSAGES.keyAndValueRequired });
    const parsed = parseCreateValue(type, value);
    if ('error' in parsed) return setProblem({ field: 'form', text: parsed.error });
    const seconds = ttl.trim() === '' ? null : parseTtlSeconds(ttl);
    if (ttl.trim() !== '' && seconds === null) return setProblem({ field: 'ttl', text: REDIS_MESSAGES.invalidNewKeyTtl });
    setProblem(null);
    create.mutate({ ...parsed, key: name, database, ttl: seconds } as Parameters<typeof create.mutate>[0], {
      onSuccess: () => {
        toast.success(REDIS_MESSAGES.keyCreated(name));
        setName('');
        setValue('');
        setTtl('');
      },
    });
  }

  return (
    <Card title="Create New Key" data-testid="redis-create">
      <form className="form redis-create" onSubmit={handleSubmit} noValidate>
        {create.isError && <RedisBanner text={REDIS_MESSAGES.createKeyFailed(errorMessage(create.error))} />}
        {problem?.field === 'form' && (
          <p className="alert alert--error" role="alert" data-testid="redis-create-problem">
            {problem.text}
          </p>
        )}
        <div className="redis-create__row">
          <TextField
            label="Key name"
            isRequired
            className="input redis-mono"
            value={name}
            onChange={setName}
            autoComplete="off"
            spellCheck={false}
          />
          <FormField label="Type">
            {(props) => (
              <select {...props} value={type} onChange={(event) => setType(event.target.value as RedisCreateType)}>
                {REDIS_CREATE_TYPES.map((option) => (
                  <option key={option} value={option}>
                    {TYPE_LABELS[option]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <TextField
            label="TTL (seconds)"
            hint="Optional: empty means the key does not expire."
            error={problem?.field === 'ttl' ? problem.text : undefined}
            inputMode="numeric"
            value={ttl}
            onChange={setTtl}
            autoComplete="off"
          />
        </div>
        <FormField label="Value" isRequired hint={CREATE_VALUE_HINTS[type]}>
          {(props) => (
            <textarea
              {...props}
              className="input redis-mono"
              rows={type === 'string' ? 4 : 6}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              spellCheck={false}
            />
          )}
        </FormField>
        <div className="form__actions">
          <SubmitButton icon={<Plus size={16} aria-hidden="true" />} isBusy={create.isPending} busyLabel="Creating...">
            Create Key
          </SubmitButton>
        </div>
      </form>
    </Card>
  );
}
