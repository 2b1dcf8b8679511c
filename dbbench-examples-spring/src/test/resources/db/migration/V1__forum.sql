CREATE TABLE member (id bigint PRIMARY KEY, handle text NOT NULL UNIQUE);
CREATE TABLE topic (id bigint PRIMARY KEY, title text NOT NULL, started_by_id bigint NOT NULL REFERENCES member);
CREATE TABLE post (
    id bigint PRIMARY KEY,
    topic_id bigint NOT NULL REFERENCES topic,
    author_id bigint NOT NULL REFERENCES member,
    posted_at timestamptz NOT NULL,
    body text NOT NULL
);
CREATE INDEX topic_started_by ON topic (started_by_id);
