import { errorMessage } from '../../api/api-error';
import { useGrantUserOptions } from '../../api/guild-grants';
import { Combobox, type ComboboxAnswer } from '../../ui/combobox';

function useUserOptions(search: string): ComboboxAnswer {
  const users = useGrantUserOptions(search);
  const found = search ? (users.data?.data ?? []) : [];
  return {
    options: found.map((user) => ({
      id: user.id,
      label: user.username,
      detail: [user.email, user.discordId && `Discord ${user.discordId}`].filter(Boolean).join(' · ') || undefined,
    })),
    isLoading: users.isFetching,
    note: !search ? 'Type part of a username, e-mail or Discord id' : users.isError ? errorMessage(users.error) : undefined,
  };
}

interface GrantUserPickerProps {
  userId: string | null;
  username: string;
  onChange: (user: { id: string; username: string }) => void;
  error?: string;
}

/** The community user a grant is for, found on the server by part of the username, e-mail or Discord id. */
export function GrantUserPicker({ userId, username, onChange, error }: GrantUserPickerProps) {
  return (
    <Combobox
      label="User"
      placeholder="Search users by name, e-mail or Discord id"
      selectedText={username}
      selectedId={userId}
      useOptions={useUserOptions}
      emptyText="No users match this search"
      onSelect={(option) => onChange({ id: option.id, username: option.label })}
      error={error}
      testId="grant-user"
    />
  );
}
