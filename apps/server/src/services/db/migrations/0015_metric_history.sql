-- Metrics history when InfluxDB is not configured (issue 14): one narrow row per metric, process and point in time,
-- at three resolutions (5 s kept 24 h, 1 min kept 7 days, 10 min kept 30 days). The primary key makes a history read
-- of one metric at one resolution an index range scan however long the range; the second index serves the rollup
-- and the retention, which work on one resolution's time range across every metric.
CREATE TABLE metric_points (
  resolution integer NOT NULL,
  metric text NOT NULL,
  instance text NOT NULL,
  bucket timestamptz NOT NULL,
  value double precision NOT NULL,
  PRIMARY KEY (resolution, metric, bucket, instance)
);
CREATE INDEX metric_points_resolution_bucket_idx ON metric_points (resolution, bucket);
