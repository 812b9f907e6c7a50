import { describeDatabaseManager } from './helpers/database-manager-cases';

describeDatabaseManager('PostgreSQL', () => ({}));
