-- Failure detection of the pg_auto_failover monitor, run once on the monitor:
--   sudo -u postgres psql -p 5432 -d pg_auto_failover -f deploy/ha/monitor-settings.sql
-- The defaults (health check every 5 s, a node unhealthy after 20 s, 30 s for an unreachable primary
-- to confirm its demotion) make a failover take ~51 s. These values make it take about 8-10 s
-- (BENCHMARKS.md "PostgreSQL failover"); `make ha-test` runs with exactly these.
-- Lower is not better: on a network that drops packets for a few seconds, a too-eager monitor fails
-- over for nothing. primary_demote_timeout is how long the monitor waits before it assumes the lost
-- primary stopped taking writes; with synchronous replication the old primary cannot commit anything
-- meanwhile (its standby stopped replicating from it), so a short value loses nothing.
ALTER SYSTEM SET pgautofailover.health_check_period = 1000;
ALTER SYSTEM SET pgautofailover.health_check_timeout = 1000;
ALTER SYSTEM SET pgautofailover.health_check_max_retries = 1;
ALTER SYSTEM SET pgautofailover.health_check_retry_delay = 500;
ALTER SYSTEM SET pgautofailover.node_considered_unhealthy_timeout = 3000;
ALTER SYSTEM SET pgautofailover.primary_demote_timeout = 5000;
SELECT pg_reload_conf();
