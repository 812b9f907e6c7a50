// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Combobox, type ComboboxAnswer, type ComboboxOption } from './combobox';

afterEach(cleanup);

const GUILDS = ['Aerie Watch', 'Bastion of Light', 'Citadel', 'Dawn Blades'];

/** Searched somewhere else and answered later, as the server answers. */
const asked: string[] = [];
function useGuildOptions(search: string, isOpen: boolean): ComboboxAnswer {
  const list = useQuery({
    queryKey: ['guilds', search],
    queryFn: async () => {
      asked.push(search);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return GUILDS.filter((name) => name.toLowerCase().includes(search.toLowerCase()));
    },
    enabled: isOpen,
  });
  return {
    options: (list.data ?? []).map((name) => ({ id: name, label: name, detail: `${name} · EU` })),
    isLoading: list.isFetching,
  };
}

function Picker({ chosen }: { chosen: ComboboxOption[] }) {
  const [selected, setSelected] = useState<ComboboxOption | null>(null);
  return (
    <Combobox
      label="Guild"
      placeholder="Choose a guild"
      selectedText={selected?.label ?? ''}
      selectedId={selected?.id ?? null}
      useOptions={useGuildOptions}
      emptyText="No guilds match this search"
      onSelect={(option) => {
        chosen.push(option);
        setSelected(option);
      }}
      onClear={() => setSelected(null)}
      clearLabel="Show all guilds"
    />
  );
}

function renderPicker() {
  const chosen: ComboboxOption[] = [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Picker chosen={chosen} />
    </QueryClientProvider>,
  );
  return { chosen, input: screen.getByRole('combobox', { name: 'Guild' }) };
}

const activeOption = (input: HTMLElement) => {
  const id = input.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.querySelector('.combobox__name')?.textContent : null;
};

describe('Combobox', () => {
  it('opens on focus with the options the server answers, and moves with the arrows, Home and End', async () => {
    const { input } = renderPicker();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    fireEvent.focus(input);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('listbox', { name: 'Guild' });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(4));
    expect(activeOption(input)).toBe('Aerie Watch');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(activeOption(input)).toBe('Citadel');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(activeOption(input)).toBe('Bastion of Light');
    fireEvent.keyDown(input, { key: 'End' });
    expect(activeOption(input)).toBe('Dawn Blades');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(activeOption(input)).toBe('Dawn Blades');
    fireEvent.keyDown(input, { key: 'Home' });
    expect(activeOption(input)).toBe('Aerie Watch');
  });

  it('chooses the highlighted option with Enter and shows it closed, with a clear button', async () => {
    const { input, chosen } = renderPicker();
    fireEvent.focus(input);
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(4));
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(chosen.map((option) => option.id)).toEqual(['Bastion of Light']);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input).toHaveProperty('value', 'Bastion of Light');
    fireEvent.click(screen.getByRole('button', { name: 'Show all guilds' }));
    expect(input).toHaveProperty('value', '');
  });

  it('closes with Escape and puts the chosen text back, choosing nothing', async () => {
    const { input, chosen } = renderPicker();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'cit' } });
    expect(input).toHaveProperty('value', 'cit');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input).toHaveProperty('value', '');
    expect(chosen).toEqual([]);
  });

  it('asks the server once the typing settles, and says so when nothing matches', async () => {
    asked.length = 0;
    const { input } = renderPicker();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'b' } });
    fireEvent.change(input, { target: { value: 'bla' } });
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Dawn BladesDawn Blades · EU']),
    );
    expect(asked).toEqual(['', 'bla']);
    fireEvent.change(input, { target: { value: 'zzz' } });
    expect(await screen.findByText('No guilds match this search')).toBeTruthy();
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
  });

  it('chooses with the mouse, and a mouse over an option highlights it', async () => {
    const { input, chosen } = renderPicker();
    fireEvent.focus(input);
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(4));
    const citadel = screen.getByRole('option', { name: /Citadel/ });
    fireEvent.mouseEnter(citadel);
    expect(activeOption(input)).toBe('Citadel');
    fireEvent.mouseDown(citadel);
    expect(chosen.map((option) => option.id)).toEqual(['Citadel']);
  });
});
