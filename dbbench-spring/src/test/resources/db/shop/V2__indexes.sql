CREATE INDEX purchase_order_customer ON purchase_order (customer_id);
CREATE INDEX order_line_purchase_order ON order_line (purchase_order_id);
