-- What made an alert fire (issue 34), kept with it when it fired: its metric's values over the rule's window and,
-- for error-rate and service alerts, the log lines and request ids of the minute before. Null for notices.
ALTER TABLE alerts ADD COLUMN evidence jsonb;
