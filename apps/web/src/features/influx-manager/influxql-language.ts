import { SQLDialect, sql } from '@codemirror/lang-sql';

/** InfluxQL's words (InfluxDB 1.x language reference), so its statements highlight as InfluxDB reads them. */
const KEYWORDS = [
  'all alter analyze any as asc begin by create continuous database databases default delete desc destinations',
  'diagnostics distinct drop duration end every explain field fill for from grant grants group gzip if in inf',
  'insert into key keys kill limit measurement measurements name offset on order password policies policy',
  'privileges queries query read replication resample retention revoke select series set shard shards slimit',
  'soffset stats subscription subscriptions tag to user users values where with write and or not time tz',
].join(' ');

const FUNCTIONS = [
  'count distinct integral mean median mode spread stddev sum bottom first last max min percentile sample top',
  'abs acos asin atan atan2 ceil cos cumulative_sum derivative difference elapsed exp floor histogram ln log log2',
  'log10 moving_average non_negative_derivative non_negative_difference pow round sin sqrt tan holt_winters',
  'holt_winters_with_fit chande_momentum_oscillator exponential_moving_average double_exponential_moving_average',
  'kaufmans_efficiency_ratio kaufmans_adaptive_moving_average triple_exponential_moving_average',
  'triple_exponential_derivative relative_strength_index now',
].join(' ');

/** InfluxQL as a dialect of CodeMirror's SQL mode: double-quoted identifiers, single-quoted strings, SQL comments. */
export const influxqlDialect = SQLDialect.define({
  keywords: KEYWORDS,
  builtin: FUNCTIONS,
  types: 'float integer string boolean field tag',
  identifierQuotes: '"',
  backslashEscapes: true,
});

/** The editor support for InfluxQL. */
export const influxqlLanguage = () => sql({ dialect: influxqlDialect });
