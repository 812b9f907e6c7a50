import { MESSAGES } from '@guildhall/contract';
import { QueryState, type QueryStateProps } from '../../../ui/query-state';

/** A data view tab's query: its spinner, the data view's one error text with Retry, else its data. */
export function DataTabState<T>({ errorText = MESSAGES.loadGuildDataFailed, ...props }: QueryStateProps<T>) {
  return <QueryState errorText={errorText} {...props} />;
}
