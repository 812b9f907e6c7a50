// The guild Characters tab still imports the formatters from here while another change is under way in that file;
// every other screen imports ui/format. Remove once features/guilds/data/characters-tab.tsx imports ui/format.
export { formatCount } from '../../ui/format';
