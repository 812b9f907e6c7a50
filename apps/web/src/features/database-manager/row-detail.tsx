import { Modal } from '../../ui/modal';
import { CellValue } from './cell-value';

interface RowDetailProps {
  /** 'Row 3 of guilds'. */
  title: string;
  fields: readonly { name: string; type: string }[];
  values: readonly unknown[] | null;
  onClose: () => void;
}

/** One row of a grid whole: each column's name and type over its full value (long text with Show all). */
export function RowDetail({ title, fields, values, onClose }: RowDetailProps) {
  return (
    <Modal isOpen={values !== null} title={title} onClose={onClose} size="lg">
      <dl className="db-row-detail" data-testid="database-row-detail">
        {fields.map((field, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a result may name two columns alike; their order is fixed
          <div key={`${index}:${field.name}`} className="db-row-detail__field">
            <dt>
              {field.name}
              <span className="db-type">{field.type}</span>
            </dt>
            <dd>
              <CellValue value={values?.[index]} type={field.type} />
            </dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
