import { alertDeliveryApi, alertEvidenceApi, MONITORING_POLL_MS, metricsApi } from '@guildhall/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../ui/toast-context';
import { errorMessage } from './api-error';
import { callEndpoint, type EndpointBody } from './endpoint';
import { metricsKeys } from './metrics';

/** What a contact point form sends. */
export type ContactPointBody = EndpointBody<typeof alertDeliveryApi.create>;
/** What a silence sends. */
export type SilenceBody = EndpointBody<typeof alertDeliveryApi.createSilence>;
/** What a maintenance window sends. */
export type MaintenanceWindowBody = EndpointBody<typeof alertDeliveryApi.createMaintenanceWindow>;

/** How many alerts the Alerts screen lists. */
const ALERTS_SCREEN_LIMIT = 100;

/** Query keys of the Alerts screen: contact points, silences, windows, and one alert with its deliveries. */
export const alertDeliveryKeys = {
  all: ['alert-delivery'] as const,
  contactPoints: () => [...alertDeliveryKeys.all, 'contact-points'] as const,
  silences: () => [...alertDeliveryKeys.all, 'silences'] as const,
  windows: () => [...alertDeliveryKeys.all, 'windows'] as const,
  alerts: () => [...metricsKeys.alerts(), 'screen'] as const,
  alert: (id: string) => [...alertDeliveryKeys.all, 'alert', id] as const,
  deliveries: (id: string) => [...alertDeliveryKeys.all, 'deliveries', id] as const,
};

/** The newest alerts, muted ones marked, read again as the recent alerts are. */
export function useAlertsList() {
  return useQuery({
    queryKey: alertDeliveryKeys.alerts(),
    queryFn: ({ signal }) => callEndpoint(metricsApi.alerts, { signal, query: { limit: ALERTS_SCREEN_LIMIT } }),
    refetchInterval: MONITORING_POLL_MS.alerts,
  });
}

export function useContactPoints() {
  return useQuery({
    queryKey: alertDeliveryKeys.contactPoints(),
    queryFn: ({ signal }) => callEndpoint(alertDeliveryApi.list, { signal }),
  });
}

export function useSilences() {
  return useQuery({
    queryKey: alertDeliveryKeys.silences(),
    queryFn: ({ signal }) => callEndpoint(alertDeliveryApi.silences, { signal }),
  });
}

export function useMaintenanceWindows() {
  return useQuery({
    queryKey: alertDeliveryKeys.windows(),
    queryFn: ({ signal }) => callEndpoint(alertDeliveryApi.maintenanceWindows, { signal }),
  });
}

/** One alert with its evidence. */
export function useAlert(id: string) {
  return useQuery({
    queryKey: alertDeliveryKeys.alert(id),
    queryFn: ({ signal }) => callEndpoint(alertEvidenceApi.alert, { signal, params: { id } }),
  });
}

/** An alert's deliveries; read again while one is still pending. */
export function useAlertDeliveries(id: string) {
  return useQuery({
    queryKey: alertDeliveryKeys.deliveries(id),
    queryFn: ({ signal }) => callEndpoint(alertDeliveryApi.deliveries, { signal, params: { id } }),
    refetchInterval: (query) => (query.state.data?.deliveries.some((delivery) => delivery.status === 'pending') ? 5_000 : false),
  });
}

/** A change on the Alerts screen: toasts the server's message (or its refusal) and reads the changed list again. */
function useAlertsMutation<Input, Answer extends { message: string }>(
  mutationFn: (input: Input) => Promise<Answer>,
  keys: readonly (readonly unknown[])[],
  options: { isToastingErrors?: boolean } = {},
) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn,
    onSuccess: (answer) => {
      toast.success(answer.message);
      return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => {
      if (options.isToastingErrors !== false) toast.error(errorMessage(error));
    },
  });
}

/** Creates a contact point; a form shows the refusal on its fields, so errors are not toasted. */
export function useCreateContactPoint() {
  return useAlertsMutation(
    (body: ContactPointBody) => callEndpoint(alertDeliveryApi.create, { body }),
    [alertDeliveryKeys.contactPoints()],
    { isToastingErrors: false },
  );
}

export function useUpdateContactPoint() {
  return useAlertsMutation(
    ({ id, body }: { id: string; body: ContactPointBody }) => callEndpoint(alertDeliveryApi.update, { params: { id }, body }),
    [alertDeliveryKeys.contactPoints()],
    { isToastingErrors: false },
  );
}

export function useDeleteContactPoint() {
  return useAlertsMutation(
    (id: string) => callEndpoint(alertDeliveryApi.remove, { params: { id } }),
    [alertDeliveryKeys.contactPoints()],
  );
}

/** Sends a test; the outcome (sent, or the receiver's answer) is the answer's message, shown by the caller. */
export function useTestContactPoint() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(alertDeliveryApi.test, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertDeliveryKeys.contactPoints() }),
    onError: (error) => toast.error(errorMessage(error)),
  });
}

export function useCreateSilence() {
  return useAlertsMutation(
    (body: SilenceBody) => callEndpoint(alertDeliveryApi.createSilence, { body }),
    [alertDeliveryKeys.silences()],
    { isToastingErrors: false },
  );
}

export function useEndSilence() {
  return useAlertsMutation(
    (id: string) => callEndpoint(alertDeliveryApi.endSilence, { params: { id } }),
    [alertDeliveryKeys.silences()],
  );
}

export function useCreateMaintenanceWindow() {
  return useAlertsMutation(
    (body: MaintenanceWindowBody) => callEndpoint(alertDeliveryApi.createMaintenanceWindow, { body }),
    [alertDeliveryKeys.windows()],
    { isToastingErrors: false },
  );
}

export function useDeleteMaintenanceWindow() {
  return useAlertsMutation(
    (id: string) => callEndpoint(alertDeliveryApi.deleteMaintenanceWindow, { params: { id } }),
    [alertDeliveryKeys.windows()],
  );
}
