CREATE TABLE customer (id bigint PRIMARY KEY, name text NOT NULL);
CREATE TABLE purchase_order (id bigint PRIMARY KEY, customer_id bigint NOT NULL REFERENCES customer);
CREATE TABLE order_line (
    id bigint PRIMARY KEY,
    purchase_order_id bigint NOT NULL REFERENCES purchase_order,
    quantity int NOT NULL,
    price_cents bigint NOT NULL
);
