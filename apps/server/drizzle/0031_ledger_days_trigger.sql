-- Custom SQL migration file, put your code below! --
-- The ledger's figures by store-local day (docs/decisions/0064), kept by the database itself so
-- no writer can leave them behind: each entry inserted is added to its day's rows (total, its
-- hour, channel, delivery type and payment name) in the transaction that writes it, each entry
-- deleted (an order or a store removed) is taken off, and a store whose time zone changes has its
-- days rebuilt from its entries. Then every store's days are built from the entries there are.
CREATE FUNCTION ledger_days_apply(e ledger_entries, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text;
  local_at timestamp;
BEGIN
  SELECT s.time_zone INTO zone FROM stores s WHERE s.id = e.store_id;
  -- The store itself is being removed: its days go with it.
  IF zone IS NULL THEN RETURN; END IF;
  local_at := e.at AT TIME ZONE zone;
  INSERT INTO ledger_days AS d (store_id, day, dim, key, revenue, service_fees, delivery_fees, discounts,
    order_sales, cancels, cancelled_amount)
  SELECT e.store_id, local_at::date, g.dim, g.key, sign * e.amount, sign * e.service_fee,
    sign * e.delivery_fee, sign * e.discount,
    sign * (e.kind = 'venda' AND e.order_id IS NOT NULL)::int,
    sign * (e.kind = 'estorno')::int,
    sign * CASE WHEN e.kind = 'estorno' THEN -e.amount ELSE 0 END
  FROM (VALUES ('total', ''), ('hour', extract(hour FROM local_at)::int::text), ('channel', e.channel),
    ('type', e.delivery_type), ('payment', e.payment_name)) AS g(dim, key)
  ON CONFLICT (store_id, day, dim, key) DO UPDATE SET
    revenue = d.revenue + excluded.revenue,
    service_fees = d.service_fees + excluded.service_fees,
    delivery_fees = d.delivery_fees + excluded.delivery_fees,
    discounts = d.discounts + excluded.discounts,
    order_sales = d.order_sales + excluded.order_sales,
    cancels = d.cancels + excluded.cancels,
    cancelled_amount = d.cancelled_amount + excluded.cancelled_amount;
END $$;
--> statement-breakpoint
CREATE FUNCTION ledger_days_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM ledger_days_apply(OLD, -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM ledger_days_apply(NEW, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_days_keep AFTER INSERT OR DELETE OR UPDATE OF store_id, at, kind, order_id, channel,
  delivery_type, payment_name, amount, service_fee, delivery_fee, discount
  ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_days_keep();
--> statement-breakpoint
CREATE FUNCTION ledger_days_rebuild(store integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ledger_days WHERE store_id = store;
  INSERT INTO ledger_days (store_id, day, dim, key, revenue, service_fees, delivery_fees, discounts,
    order_sales, cancels, cancelled_amount)
  SELECT l.store_id, (l.at AT TIME ZONE s.time_zone)::date, g.dim, g.key, sum(l.amount), sum(l.service_fee),
    sum(l.delivery_fee), sum(l.discount),
    count(*) FILTER (WHERE l.kind = 'venda' AND l.order_id IS NOT NULL),
    count(*) FILTER (WHERE l.kind = 'estorno'),
    coalesce(-sum(l.amount) FILTER (WHERE l.kind = 'estorno'), 0)
  FROM ledger_entries l JOIN stores s ON s.id = l.store_id
    CROSS JOIN LATERAL (VALUES ('total', ''),
      ('hour', extract(hour FROM l.at AT TIME ZONE s.time_zone)::int::text), ('channel', l.channel),
      ('type', l.delivery_type), ('payment', l.payment_name)) AS g(dim, key)
  WHERE l.store_id = store
  GROUP BY 1, 2, 3, 4;
END $$;
--> statement-breakpoint
CREATE FUNCTION ledger_days_zone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_days_rebuild(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_days_zone AFTER UPDATE OF time_zone ON stores FOR EACH ROW
  WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION ledger_days_zone();
--> statement-breakpoint
SELECT ledger_days_rebuild(id) FROM stores;
