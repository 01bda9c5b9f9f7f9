/**
 * PostgreSQL settings for the embedded server, sized for a small machine (1-2 cores, 1-2 GB RAM)
 * that also runs the Node server. README "Embedded PostgreSQL" explains each choice.
 */
export interface EngineSize {
  /** Server-side connection limit: the pool, the change-feed listener, operator tools, headroom. */
  maxConnections: number;
  /** PostgreSQL's own page cache; the OS page cache does the rest. */
  sharedBuffers: string;
}

export function postgresSettings(size: EngineSize, durable: boolean): Record<string, string> {
  return {
    listen_addresses: '',
    unix_socket_permissions: '0700',
    max_connections: String(size.maxConnections),
    shared_buffers: size.sharedBuffers,
    // Sorting and hashing memory per operation; a list page never needs more.
    work_mem: '4MB',
    maintenance_work_mem: '32MB',
    effective_cache_size: '256MB',
    max_wal_size: '256MB',
    min_wal_size: '32MB',
    // Fewer background workers: one parallel-query worker would only compete with Node for a core.
    max_worker_processes: '4',
    max_parallel_workers_per_gather: '0',
    huge_pages: 'off',
    timezone: 'UTC',
    // Logical decoding is not used: the change feed runs on triggers and LISTEN/NOTIFY.
    wal_level: 'replica',
    max_wal_senders: '2',
    // A request's statement follows its BEGIN and settings in one query text; keep enough of it
    // in pg_stat_activity to see what runs (the default 1 kB often ends inside the settings).
    track_activity_query_size: '8kB',
    log_min_messages: 'warning',
    // A failing statement is not copied into the log: a request's statement carries its JWT
    // claims and headers (the bearer token among them) as text. The error itself still is.
    log_min_error_statement: 'panic',
    log_parameter_max_length_on_error: '0',
    log_line_prefix: '%m [%p] ',
    fsync: durable ? 'on' : 'off',
    synchronous_commit: durable ? 'on' : 'off',
    full_page_writes: durable ? 'on' : 'off',
  };
}
