// Makes sure PostgreSQL, Redis and InfluxDB answer on loopback before the integration and browser tests.
import { ensureDebianPackages, ensureInfluxDb, ensurePostgres, ensureRedis, INFLUX_TEST_PORT } from './lib/services.mjs';

ensureDebianPackages({ influxd: 'influxdb', chromium: 'chromium' });

await ensurePostgres();
await ensureRedis();
await ensureInfluxDb();
console.log(`services ready: PostgreSQL 127.0.0.1:5432, Redis 127.0.0.1:6379, InfluxDB 127.0.0.1:${INFLUX_TEST_PORT}`);
