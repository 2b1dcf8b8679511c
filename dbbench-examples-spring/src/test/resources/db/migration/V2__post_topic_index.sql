-- A topic's page reads its latest posts in order.
CREATE INDEX post_topic_posted_at ON post (topic_id, posted_at DESC);
