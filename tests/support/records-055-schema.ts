// The schema decision 055's hand-kept migrations made (versions 1–3 in schema_migrations),
// captured as they were when the records layer replaced them (docs/decisions/071-one-records-layer.md):
// a database of that time, for the test that the layer adopts it with its records.

/** The audit log's indexes, the same in both databases. */
const auditIndexes = `
  CREATE INDEX audit_records_time ON audit_records (time, seq, action);
  CREATE INDEX audit_records_station ON audit_records (serial_number, time, seq, user_id, action, outcome_kind);
  CREATE INDEX audit_records_user ON audit_records (user_id, time, seq, action, outcome_kind);
  CREATE INDEX audit_records_action ON audit_records (action, time, seq, outcome_kind);
  CREATE INDEX audit_records_action_group ON audit_records (action_group, time, seq, outcome_kind);
  CREATE INDEX audit_records_outcome ON audit_records (outcome_kind, time, seq);
`;

export const sqlite055Schema = `
  CREATE TABLE audit_records (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    time INTEGER NOT NULL,
    request_id TEXT NOT NULL,
    user_id TEXT,
    user_name TEXT,
    user_role TEXT,
    action TEXT NOT NULL,
    action_group TEXT,
    target_kind TEXT,
    serial_number TEXT,
    channel_index INTEGER,
    target_id TEXT,
    target_label TEXT,
    changes TEXT NOT NULL,
    outcome_kind TEXT NOT NULL,
    outcome TEXT NOT NULL
  );
${auditIndexes}

  CREATE TABLE rollouts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created_at INTEGER NOT NULL,
    created_by TEXT NOT NULL,
    updated_at INTEGER NOT NULL,
    state TEXT NOT NULL,
    options TEXT NOT NULL,
    reason TEXT,
    current_wave INTEGER NOT NULL DEFAULT 0,
    ended_at INTEGER
  );
  CREATE INDEX rollouts_created ON rollouts (created_at, id);
  CREATE INDEX rollouts_state ON rollouts (state, created_at, id);
  CREATE TABLE rollout_stations (
    rollout_id INTEGER NOT NULL REFERENCES rollouts (id) ON DELETE CASCADE,
    serial_number TEXT NOT NULL,
    station_type TEXT,
    version TEXT,
    wave INTEGER NOT NULL,
    state TEXT NOT NULL,
    update_sent_at INTEGER,
    ended_at INTEGER,
    message TEXT,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (rollout_id, serial_number)
  );
  CREATE INDEX rollout_stations_wave ON rollout_stations (rollout_id, wave, serial_number);

  CREATE TABLE maintenance (
    name TEXT PRIMARY KEY,
    last_run INTEGER NOT NULL
  );

  CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL);
  INSERT INTO schema_migrations VALUES (1, 'audit log', 0), (2, 'rollouts', 0), (3, 'maintenance claims', 0);
`;

export const postgres055Schema = `
  CREATE TABLE audit_records (
    seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    id TEXT COLLATE "C" NOT NULL UNIQUE,
    time TIMESTAMPTZ NOT NULL,
    request_id TEXT NOT NULL,
    user_id TEXT COLLATE "C",
    user_name TEXT,
    user_role TEXT,
    action TEXT COLLATE "C" NOT NULL,
    action_group TEXT COLLATE "C",
    target_kind TEXT,
    serial_number TEXT COLLATE "C",
    channel_index INTEGER,
    target_id TEXT,
    target_label TEXT,
    changes JSONB NOT NULL,
    outcome_kind TEXT COLLATE "C" NOT NULL,
    outcome JSONB NOT NULL
  );
${auditIndexes}

  CREATE TABLE rollouts (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    created_at TIMESTAMPTZ NOT NULL,
    created_by JSONB NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    state TEXT COLLATE "C" NOT NULL,
    options JSONB NOT NULL,
    reason JSONB,
    current_wave INTEGER NOT NULL DEFAULT 0,
    ended_at TIMESTAMPTZ
  );
  CREATE INDEX rollouts_created ON rollouts (created_at, id);
  CREATE INDEX rollouts_state ON rollouts (state, created_at, id);
  CREATE TABLE rollout_stations (
    rollout_id BIGINT NOT NULL REFERENCES rollouts (id) ON DELETE CASCADE,
    serial_number TEXT COLLATE "C" NOT NULL,
    station_type TEXT,
    version TEXT,
    wave INTEGER NOT NULL,
    state TEXT COLLATE "C" NOT NULL,
    update_sent_at TIMESTAMPTZ,
    ended_at TIMESTAMPTZ,
    message TEXT,
    updated_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (rollout_id, serial_number)
  );
  CREATE INDEX rollout_stations_wave ON rollout_stations (rollout_id, wave, serial_number);

  CREATE TABLE maintenance (
    name TEXT PRIMARY KEY,
    last_run TIMESTAMPTZ NOT NULL
  );

  CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now());
  INSERT INTO schema_migrations (version, name) VALUES (1, 'audit log'), (2, 'rollouts'), (3, 'maintenance claims');
`;
