--
-- PostgreSQL database dump
--

\restrict VFbn2H97mAOrLYWkM1X0fhbuPV4DNSirLiqiDCDrKwCi7NSdJkcL8rNqlLlyWY2

-- Dumped from database version 15.20 (Debian 15.20-0+deb12u1)
-- Dumped by pg_dump version 15.20 (Debian 15.20-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: tic_prev_release; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA tic_prev_release;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: chat_history; Type: TABLE; Schema: tic_prev_release; Owner: -
--

CREATE TABLE tic_prev_release.chat_history (
    id integer NOT NULL,
    conversation character varying(64) NOT NULL,
    role character varying(16) NOT NULL,
    content text,
    reasoning_content text,
    is_synthetic boolean NOT NULL,
    created_at timestamp with time zone NOT NULL
);


--
-- Name: chat_history_id_seq; Type: SEQUENCE; Schema: tic_prev_release; Owner: -
--

CREATE SEQUENCE tic_prev_release.chat_history_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: chat_history_id_seq; Type: SEQUENCE OWNED BY; Schema: tic_prev_release; Owner: -
--

ALTER SEQUENCE tic_prev_release.chat_history_id_seq OWNED BY tic_prev_release.chat_history.id;


--
-- Name: chat_llm_tools; Type: TABLE; Schema: tic_prev_release; Owner: -
--

CREATE TABLE tic_prev_release.chat_llm_tools (
    id integer NOT NULL,
    message_id integer NOT NULL,
    call_id character varying(64) NOT NULL,
    name character varying(64) NOT NULL,
    arguments json NOT NULL,
    status character varying(16) NOT NULL,
    result_type character varying(16),
    result text,
    created_at timestamp with time zone NOT NULL,
    finished_at timestamp with time zone
);


--
-- Name: chat_llm_tools_id_seq; Type: SEQUENCE; Schema: tic_prev_release; Owner: -
--

CREATE SEQUENCE tic_prev_release.chat_llm_tools_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: chat_llm_tools_id_seq; Type: SEQUENCE OWNED BY; Schema: tic_prev_release; Owner: -
--

ALTER SEQUENCE tic_prev_release.chat_llm_tools_id_seq OWNED BY tic_prev_release.chat_llm_tools.id;


--
-- Name: held_event; Type: TABLE; Schema: tic_prev_release; Owner: -
--

CREATE TABLE tic_prev_release.held_event (
    id integer NOT NULL,
    event_key character varying(512) NOT NULL,
    version character varying(32) NOT NULL,
    agent character varying(64) NOT NULL,
    event json NOT NULL,
    summary text,
    is_update boolean NOT NULL,
    held_until timestamp with time zone NOT NULL,
    reason text NOT NULL,
    zone character varying(64) NOT NULL,
    held_at timestamp with time zone NOT NULL,
    released_at timestamp with time zone,
    notice_id integer,
    replaced_at timestamp with time zone
);


--
-- Name: held_event_id_seq; Type: SEQUENCE; Schema: tic_prev_release; Owner: -
--

CREATE SEQUENCE tic_prev_release.held_event_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: held_event_id_seq; Type: SEQUENCE OWNED BY; Schema: tic_prev_release; Owner: -
--

ALTER SEQUENCE tic_prev_release.held_event_id_seq OWNED BY tic_prev_release.held_event.id;


--
-- Name: hub_turn_lease; Type: TABLE; Schema: tic_prev_release; Owner: -
--

CREATE TABLE tic_prev_release.hub_turn_lease (
    agent character varying(128) NOT NULL,
    owner character varying(128) NOT NULL,
    epoch integer NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    beat_at timestamp with time zone NOT NULL,
    taken_from character varying(128) NOT NULL
);


--
-- Name: notice_mutes; Type: TABLE; Schema: tic_prev_release; Owner: -
--

CREATE TABLE tic_prev_release.notice_mutes (
    "user" character varying(128) NOT NULL,
    caller character varying(128) NOT NULL,
    key character varying(8) NOT NULL,
    created_at timestamp with time zone NOT NULL
);


--
-- Name: notice_pending; Type: TABLE; Schema: tic_prev_release; Owner: -
--

CREATE TABLE tic_prev_release.notice_pending (
    reader character varying(128) NOT NULL,
    key character varying(8) NOT NULL,
    poster character varying(128) NOT NULL,
    series character varying(24) NOT NULL,
    kind character varying(16) NOT NULL,
    template text NOT NULL,
    severity character varying(8) NOT NULL,
    origin character varying(16) NOT NULL,
    actionable boolean NOT NULL,
    location character varying(512),
    count integer NOT NULL,
    first_id integer NOT NULL,
    last_id integer NOT NULL,
    first_at timestamp with time zone NOT NULL,
    last_at timestamp with time zone NOT NULL,
    params json NOT NULL,
    summary json,
    due_at timestamp with time zone
);


--
-- Name: notice_repeats; Type: TABLE; Schema: tic_prev_release; Owner: -
--

CREATE TABLE tic_prev_release.notice_repeats (
    reader character varying(128) NOT NULL,
    key character varying(8) NOT NULL,
    series character varying(24) NOT NULL,
    total integer NOT NULL,
    hold double precision NOT NULL,
    last_delivered timestamp with time zone NOT NULL,
    last_seen timestamp with time zone NOT NULL
);


--
-- Name: notice_sync; Type: TABLE; Schema: tic_prev_release; Owner: -
--

CREATE TABLE tic_prev_release.notice_sync (
    name character varying(32) NOT NULL,
    version integer NOT NULL
);


--
-- Name: notices; Type: TABLE; Schema: tic_prev_release; Owner: -
--

CREATE TABLE tic_prev_release.notices (
    id integer NOT NULL,
    key character varying(8) NOT NULL,
    template text NOT NULL,
    params json NOT NULL,
    severity character varying(8) NOT NULL,
    kind character varying(16) NOT NULL,
    origin character varying(16) NOT NULL,
    actionable boolean NOT NULL,
    poster character varying(128),
    location character varying(512),
    readers json,
    created_at timestamp with time zone NOT NULL,
    withdrawn_at timestamp with time zone
);


--
-- Name: notices_id_seq; Type: SEQUENCE; Schema: tic_prev_release; Owner: -
--

CREATE SEQUENCE tic_prev_release.notices_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: notices_id_seq; Type: SEQUENCE OWNED BY; Schema: tic_prev_release; Owner: -
--

ALTER SEQUENCE tic_prev_release.notices_id_seq OWNED BY tic_prev_release.notices.id;


--
-- Name: rule_reading; Type: TABLE; Schema: tic_prev_release; Owner: -
--

CREATE TABLE tic_prev_release.rule_reading (
    rules_version character varying(32) NOT NULL,
    rule_text_hash character varying(64) NOT NULL,
    reading json,
    why text,
    read_by character varying(64) NOT NULL,
    schema_version integer NOT NULL,
    created_at timestamp with time zone NOT NULL
);


--
-- Name: source_cursors; Type: TABLE; Schema: tic_prev_release; Owner: -
--

CREATE TABLE tic_prev_release.source_cursors (
    source character varying(128) NOT NULL,
    cursor json NOT NULL,
    updated_at timestamp with time zone NOT NULL
);


--
-- Name: triage_decisions; Type: TABLE; Schema: tic_prev_release; Owner: -
--

CREATE TABLE tic_prev_release.triage_decisions (
    id integer NOT NULL,
    event_key character varying(512) NOT NULL,
    version character varying(32) NOT NULL,
    agent character varying(64) NOT NULL,
    notify boolean NOT NULL,
    reason text NOT NULL,
    rule text,
    summary text,
    is_update boolean NOT NULL,
    notice_id integer,
    decided_at timestamp with time zone NOT NULL,
    decided_by character varying(16),
    label text
);


--
-- Name: triage_decisions_id_seq; Type: SEQUENCE; Schema: tic_prev_release; Owner: -
--

CREATE SEQUENCE tic_prev_release.triage_decisions_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: triage_decisions_id_seq; Type: SEQUENCE OWNED BY; Schema: tic_prev_release; Owner: -
--

ALTER SEQUENCE tic_prev_release.triage_decisions_id_seq OWNED BY tic_prev_release.triage_decisions.id;


--
-- Name: triage_failures; Type: TABLE; Schema: tic_prev_release; Owner: -
--

CREATE TABLE tic_prev_release.triage_failures (
    event_key character varying(512) NOT NULL,
    version character varying(32) NOT NULL,
    agent character varying(64) NOT NULL,
    stage character varying(16) NOT NULL,
    error text NOT NULL,
    event json,
    label text,
    attempts integer NOT NULL,
    first_failed_at timestamp with time zone NOT NULL,
    last_failed_at timestamp with time zone NOT NULL,
    parked_at timestamp with time zone
);


--
-- Name: triage_pending; Type: TABLE; Schema: tic_prev_release; Owner: -
--

CREATE TABLE tic_prev_release.triage_pending (
    event_key character varying(512) NOT NULL,
    agent character varying(64) NOT NULL,
    version character varying(32) NOT NULL,
    event json NOT NULL,
    offers integer NOT NULL,
    first_seen timestamp with time zone NOT NULL
);


--
-- Name: chat_history id; Type: DEFAULT; Schema: tic_prev_release; Owner: -
--

ALTER TABLE ONLY tic_prev_release.chat_history ALTER COLUMN id SET DEFAULT nextval('tic_prev_release.chat_history_id_seq'::regclass);


--
-- Name: chat_llm_tools id; Type: DEFAULT; Schema: tic_prev_release; Owner: -
--

ALTER TABLE ONLY tic_prev_release.chat_llm_tools ALTER COLUMN id SET DEFAULT nextval('tic_prev_release.chat_llm_tools_id_seq'::regclass);


--
-- Name: held_event id; Type: DEFAULT; Schema: tic_prev_release; Owner: -
--

ALTER TABLE ONLY tic_prev_release.held_event ALTER COLUMN id SET DEFAULT nextval('tic_prev_release.held_event_id_seq'::regclass);


--
-- Name: notices id; Type: DEFAULT; Schema: tic_prev_release; Owner: -
--

ALTER TABLE ONLY tic_prev_release.notices ALTER COLUMN id SET DEFAULT nextval('tic_prev_release.notices_id_seq'::regclass);


--
-- Name: triage_decisions id; Type: DEFAULT; Schema: tic_prev_release; Owner: -
--

ALTER TABLE ONLY tic_prev_release.triage_decisions ALTER COLUMN id SET DEFAULT nextval('tic_prev_release.triage_decisions_id_seq'::regclass);


--
-- Data for Name: chat_history; Type: TABLE DATA; Schema: tic_prev_release; Owner: -
--

INSERT INTO tic_prev_release.chat_history VALUES (1, 'main', 'user', 'what is on my calendar today?', NULL, false, '2026-11-20 09:00:00+00');
INSERT INTO tic_prev_release.chat_history VALUES (2, 'main', 'assistant', NULL, NULL, false, '2026-11-20 09:00:00+00');
INSERT INTO tic_prev_release.chat_history VALUES (3, 'main', 'assistant', NULL, 'The system signaled pending notifications. Let me read them and surface anything relevant to the user.', true, '2026-11-20 09:00:00+00');
INSERT INTO tic_prev_release.chat_history VALUES (4, 'main', 'assistant', 'Mario wrote to you about the invoice.', NULL, false, '2026-11-20 09:00:00+00');


--
-- Data for Name: chat_llm_tools; Type: TABLE DATA; Schema: tic_prev_release; Owner: -
--

INSERT INTO tic_prev_release.chat_llm_tools VALUES (1, 2, 'call_1', 'read_file', '{"path": "notifications.md"}', 'pending', NULL, NULL, '2026-11-20 09:00:00+00', NULL);
INSERT INTO tic_prev_release.chat_llm_tools VALUES (2, 3, 'call_191420f0dab0431ea848a7a0', 'read_notification', '{}', 'done', 'json', '[{"source": "email", "event_type": "message", "summary": "Mario wrote"}]', '2026-11-20 09:00:00+00', '2026-11-20 09:00:00+00');


--
-- Data for Name: held_event; Type: TABLE DATA; Schema: tic_prev_release; Owner: -
--

INSERT INTO tic_prev_release.held_event VALUES (1, 'whatsapp:w1', '1', 'tic', '{"key": "whatsapp:w1", "body": "hi"}', 'Anna wrote', false, '2026-11-20 17:00:00+00', 'quiet hours', 'Europe/Rome', '2026-11-20 09:00:00+00', NULL, NULL, NULL);


--
-- Data for Name: hub_turn_lease; Type: TABLE DATA; Schema: tic_prev_release; Owner: -
--

INSERT INTO tic_prev_release.hub_turn_lease VALUES ('main', '', 3, '2026-11-20 09:00:00+00', '2026-11-20 09:00:00+00', '');


--
-- Data for Name: notice_mutes; Type: TABLE DATA; Schema: tic_prev_release; Owner: -
--

INSERT INTO tic_prev_release.notice_mutes VALUES ('me', 'agent:main', '0a1b2c3d', '2026-11-20 09:00:00+00');


--
-- Data for Name: notice_pending; Type: TABLE DATA; Schema: tic_prev_release; Owner: -
--

INSERT INTO tic_prev_release.notice_pending VALUES ('agent:main', '7c2bd753', '', '3c9333956538c49a', 'notice', 'disk {name} is nearly full', 'warn', 'code', true, NULL, 1, 4, 4, '2026-11-20 09:00:00+00', '2026-11-20 09:00:00+00', '{"name": "/home"}', 'null', NULL);
INSERT INTO tic_prev_release.notice_pending VALUES ('agent:digest', 'd3d48ef0', '', '', 'notice', 'backup finished', 'info', 'code', false, NULL, 2, 2, 5, '2026-11-20 09:00:00+00', '2026-11-20 09:00:00+00', '{}', '{"v": [], "x": false}', NULL);
INSERT INTO tic_prev_release.notice_pending VALUES ('agent:main', 'd3d48ef0', '', '', 'notice', 'backup finished', 'info', 'code', false, NULL, 1, 5, 5, '2026-11-20 09:00:00+00', '2026-11-20 09:00:00+00', '{}', '{"v": [], "x": false}', NULL);
INSERT INTO tic_prev_release.notice_pending VALUES ('agent:tic', 'd3d48ef0', '', '', 'notice', 'backup finished', 'info', 'code', false, NULL, 2, 2, 5, '2026-11-20 09:00:00+00', '2026-11-20 09:00:00+00', '{}', '{"v": [], "x": false}', NULL);


--
-- Data for Name: notice_repeats; Type: TABLE DATA; Schema: tic_prev_release; Owner: -
--

INSERT INTO tic_prev_release.notice_repeats VALUES ('agent:main', '4e6bb80c', '0e54165ac6af5176', 1, 30, '2026-11-20 09:00:00+00', '2026-11-20 09:00:00+00');
INSERT INTO tic_prev_release.notice_repeats VALUES ('agent:main', '7c2bd753', '3c9333956538c49a', 1, 30, '2026-11-20 09:00:00+00', '2026-11-20 09:00:00+00');
INSERT INTO tic_prev_release.notice_repeats VALUES ('agent:main', '0a1b2c3d', 's', 2, 60, '2026-11-20 09:00:00+00', '2026-11-20 09:00:00+00');


--
-- Data for Name: notice_sync; Type: TABLE DATA; Schema: tic_prev_release; Owner: -
--

INSERT INTO tic_prev_release.notice_sync VALUES ('mutes', 4);


--
-- Data for Name: notices; Type: TABLE DATA; Schema: tic_prev_release; Owner: -
--

INSERT INTO tic_prev_release.notices VALUES (1, '7c2bd753', 'disk {name} is nearly full', '{"name": "/home"}', 'warn', 'notice', 'code', true, NULL, NULL, '["agent:main"]', '2026-11-20 09:00:00+00', NULL);
INSERT INTO tic_prev_release.notices VALUES (2, 'd3d48ef0', 'backup finished', '{}', 'info', 'notice', 'code', false, NULL, NULL, '["agent:digest", "agent:main", "agent:tic"]', '2026-11-20 09:00:00+00', NULL);
INSERT INTO tic_prev_release.notices VALUES (3, '4e6bb80c', 'calendar {cal} could not be read', '{"cal": "work.ics"}', 'error', 'notice', 'code', true, NULL, NULL, '["agent:main"]', '2026-11-20 09:00:00+00', NULL);
INSERT INTO tic_prev_release.notices VALUES (4, '7c2bd753', 'disk {name} is nearly full', '{"name": "/home"}', 'warn', 'notice', 'code', true, NULL, NULL, '["agent:main"]', '2026-11-20 09:00:00+00', NULL);
INSERT INTO tic_prev_release.notices VALUES (5, 'd3d48ef0', 'backup finished', '{}', 'info', 'notice', 'code', false, NULL, NULL, '["agent:digest", "agent:main", "agent:tic"]', '2026-11-20 09:00:00+00', NULL);


--
-- Data for Name: rule_reading; Type: TABLE DATA; Schema: tic_prev_release; Owner: -
--

INSERT INTO tic_prev_release.rule_reading VALUES ('abc', '0000000000000000000000000000000000000000000000000000000000000000', NULL, 'refused', 'model', 1, '2026-11-20 09:00:00+00');


--
-- Data for Name: source_cursors; Type: TABLE DATA; Schema: tic_prev_release; Owner: -
--

INSERT INTO tic_prev_release.source_cursors VALUES ('maildir:inbox', '{"seen": ["a", "b"]}', '2026-11-20 09:00:00+00');


--
-- Data for Name: triage_decisions; Type: TABLE DATA; Schema: tic_prev_release; Owner: -
--

INSERT INTO tic_prev_release.triage_decisions VALUES (1, 'email:<m0@example.com>', 'v0', 'tic', true, 'rule 0', 'Always notify: Mario', 'Mario wrote 0', false, NULL, '2026-11-20 09:00:00+00', 'rule', 'email from Mario: 0');
INSERT INTO tic_prev_release.triage_decisions VALUES (2, 'email:<m1@example.com>', 'v1', 'tic', false, 'rule 1', 'Always notify: Mario', 'Mario wrote 1', false, NULL, '2026-11-19 09:00:00+00', 'rule', 'email from Mario: 1');
INSERT INTO tic_prev_release.triage_decisions VALUES (3, 'email:<m2@example.com>', 'v2', 'tic', true, 'rule 2', 'Always notify: Mario', 'Mario wrote 2', false, NULL, '2026-11-18 09:00:00+00', 'rule', 'email from Mario: 2');


--
-- Data for Name: triage_failures; Type: TABLE DATA; Schema: tic_prev_release; Owner: -
--

INSERT INTO tic_prev_release.triage_failures VALUES ('email:<bad@x>', '', 'tic', 'read', 'unreadable', NULL, NULL, 3, '2026-11-20 09:00:00+00', '2026-11-20 09:00:00+00', '2026-11-20 09:00:00+00');


--
-- Data for Name: triage_pending; Type: TABLE DATA; Schema: tic_prev_release; Owner: -
--

INSERT INTO tic_prev_release.triage_pending VALUES ('email:<p@x>', 'tic', '1', '{"key": "email:<p@x>"}', 2, '2026-11-20 09:00:00+00');


--
-- Name: chat_history_id_seq; Type: SEQUENCE SET; Schema: tic_prev_release; Owner: -
--

SELECT pg_catalog.setval('tic_prev_release.chat_history_id_seq', 4, true);


--
-- Name: chat_llm_tools_id_seq; Type: SEQUENCE SET; Schema: tic_prev_release; Owner: -
--

SELECT pg_catalog.setval('tic_prev_release.chat_llm_tools_id_seq', 2, true);


--
-- Name: held_event_id_seq; Type: SEQUENCE SET; Schema: tic_prev_release; Owner: -
--

SELECT pg_catalog.setval('tic_prev_release.held_event_id_seq', 1, true);


--
-- Name: notices_id_seq; Type: SEQUENCE SET; Schema: tic_prev_release; Owner: -
--

SELECT pg_catalog.setval('tic_prev_release.notices_id_seq', 5, true);


--
-- Name: triage_decisions_id_seq; Type: SEQUENCE SET; Schema: tic_prev_release; Owner: -
--

SELECT pg_catalog.setval('tic_prev_release.triage_decisions_id_seq', 3, true);


--
-- Name: chat_history chat_history_pkey; Type: CONSTRAINT; Schema: tic_prev_release; Owner: -
--

ALTER TABLE ONLY tic_prev_release.chat_history
    ADD CONSTRAINT chat_history_pkey PRIMARY KEY (id);


--
-- Name: chat_llm_tools chat_llm_tools_pkey; Type: CONSTRAINT; Schema: tic_prev_release; Owner: -
--

ALTER TABLE ONLY tic_prev_release.chat_llm_tools
    ADD CONSTRAINT chat_llm_tools_pkey PRIMARY KEY (id);


--
-- Name: held_event held_event_pkey; Type: CONSTRAINT; Schema: tic_prev_release; Owner: -
--

ALTER TABLE ONLY tic_prev_release.held_event
    ADD CONSTRAINT held_event_pkey PRIMARY KEY (id);


--
-- Name: hub_turn_lease hub_turn_lease_pkey; Type: CONSTRAINT; Schema: tic_prev_release; Owner: -
--

ALTER TABLE ONLY tic_prev_release.hub_turn_lease
    ADD CONSTRAINT hub_turn_lease_pkey PRIMARY KEY (agent);


--
-- Name: notice_mutes notice_mutes_pkey; Type: CONSTRAINT; Schema: tic_prev_release; Owner: -
--

ALTER TABLE ONLY tic_prev_release.notice_mutes
    ADD CONSTRAINT notice_mutes_pkey PRIMARY KEY ("user", caller, key);


--
-- Name: notice_pending notice_pending_pkey; Type: CONSTRAINT; Schema: tic_prev_release; Owner: -
--

ALTER TABLE ONLY tic_prev_release.notice_pending
    ADD CONSTRAINT notice_pending_pkey PRIMARY KEY (reader, key, poster, series);


--
-- Name: notice_repeats notice_repeats_pkey; Type: CONSTRAINT; Schema: tic_prev_release; Owner: -
--

ALTER TABLE ONLY tic_prev_release.notice_repeats
    ADD CONSTRAINT notice_repeats_pkey PRIMARY KEY (reader, key, series);


--
-- Name: notice_sync notice_sync_pkey; Type: CONSTRAINT; Schema: tic_prev_release; Owner: -
--

ALTER TABLE ONLY tic_prev_release.notice_sync
    ADD CONSTRAINT notice_sync_pkey PRIMARY KEY (name);


--
-- Name: notices notices_pkey; Type: CONSTRAINT; Schema: tic_prev_release; Owner: -
--

ALTER TABLE ONLY tic_prev_release.notices
    ADD CONSTRAINT notices_pkey PRIMARY KEY (id);


--
-- Name: rule_reading rule_reading_pkey; Type: CONSTRAINT; Schema: tic_prev_release; Owner: -
--

ALTER TABLE ONLY tic_prev_release.rule_reading
    ADD CONSTRAINT rule_reading_pkey PRIMARY KEY (rules_version, rule_text_hash);


--
-- Name: source_cursors source_cursors_pkey; Type: CONSTRAINT; Schema: tic_prev_release; Owner: -
--

ALTER TABLE ONLY tic_prev_release.source_cursors
    ADD CONSTRAINT source_cursors_pkey PRIMARY KEY (source);


--
-- Name: triage_decisions triage_decisions_pkey; Type: CONSTRAINT; Schema: tic_prev_release; Owner: -
--

ALTER TABLE ONLY tic_prev_release.triage_decisions
    ADD CONSTRAINT triage_decisions_pkey PRIMARY KEY (id);


--
-- Name: triage_failures triage_failures_pkey; Type: CONSTRAINT; Schema: tic_prev_release; Owner: -
--

ALTER TABLE ONLY tic_prev_release.triage_failures
    ADD CONSTRAINT triage_failures_pkey PRIMARY KEY (event_key, version, agent);


--
-- Name: triage_pending triage_pending_pkey; Type: CONSTRAINT; Schema: tic_prev_release; Owner: -
--

ALTER TABLE ONLY tic_prev_release.triage_pending
    ADD CONSTRAINT triage_pending_pkey PRIMARY KEY (event_key, agent);


--
-- Name: triage_decisions uq_decision_event_version; Type: CONSTRAINT; Schema: tic_prev_release; Owner: -
--

ALTER TABLE ONLY tic_prev_release.triage_decisions
    ADD CONSTRAINT uq_decision_event_version UNIQUE (event_key, version);


--
-- Name: held_event uq_held_event_version; Type: CONSTRAINT; Schema: tic_prev_release; Owner: -
--

ALTER TABLE ONLY tic_prev_release.held_event
    ADD CONSTRAINT uq_held_event_version UNIQUE (event_key, version);


--
-- Name: ix_chat_history_conv; Type: INDEX; Schema: tic_prev_release; Owner: -
--

CREATE INDEX ix_chat_history_conv ON tic_prev_release.chat_history USING btree (conversation, id);


--
-- Name: ix_chat_llm_tools_message; Type: INDEX; Schema: tic_prev_release; Owner: -
--

CREATE INDEX ix_chat_llm_tools_message ON tic_prev_release.chat_llm_tools USING btree (message_id);


--
-- Name: ix_decisions_key; Type: INDEX; Schema: tic_prev_release; Owner: -
--

CREATE INDEX ix_decisions_key ON tic_prev_release.triage_decisions USING btree (event_key);


--
-- Name: ix_held_event_due; Type: INDEX; Schema: tic_prev_release; Owner: -
--

CREATE INDEX ix_held_event_due ON tic_prev_release.held_event USING btree (released_at, held_until);


--
-- Name: ix_notice_pending_key; Type: INDEX; Schema: tic_prev_release; Owner: -
--

CREATE INDEX ix_notice_pending_key ON tic_prev_release.notice_pending USING btree (key, poster);


--
-- Name: ix_notices_key; Type: INDEX; Schema: tic_prev_release; Owner: -
--

CREATE INDEX ix_notices_key ON tic_prev_release.notices USING btree (key);


--
-- Name: chat_llm_tools chat_llm_tools_message_id_fkey; Type: FK CONSTRAINT; Schema: tic_prev_release; Owner: -
--

ALTER TABLE ONLY tic_prev_release.chat_llm_tools
    ADD CONSTRAINT chat_llm_tools_message_id_fkey FOREIGN KEY (message_id) REFERENCES tic_prev_release.chat_history(id) ON DELETE CASCADE;


--
-- PostgreSQL database dump complete
--

\unrestrict VFbn2H97mAOrLYWkM1X0fhbuPV4DNSirLiqiDCDrKwCi7NSdJkcL8rNqlLlyWY2

