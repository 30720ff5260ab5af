import type { DocumentCity, DocumentNeighbourhood, DocumentSettings } from '@comanda/contract';
import { formatBRL } from '@comanda/domain';
import { useContext, useId, useState } from 'react';
import { useLanguage } from '../../../lib/preferences.ts';
import {
  IssuesContext,
  MoneyField,
  NumberField,
  SelectField,
  TextField,
  Toggle,
  useIssue,
} from '../fields.tsx';
import { bindSettings, SectionForm, type SettingSetter, useSectionForm } from '../section-form.tsx';
import type { SectionProps } from '../section-props.ts';
import { AreaDrawer } from './area-drawer.tsx';
import {
  areaText,
  cornersOf,
  newCity,
  newNeighbourhood,
  type Point,
  ringAreaSquareMetres,
  ringOf,
  searchCities,
  toMetres,
} from './delivery-model.ts';
import { type DeliveryT, useDeliveryT } from './delivery-texts.ts';
import { ItemActions } from './item-actions.tsx';
import './settings-screens.css';

type Settings = DocumentSettings;
type SetSetting = SettingSetter;
type FeeType = Settings['delivery_fee_type'];
const FEE_TYPES: FeeType[] = ['neighbourhood', 'radius', 'area'];

/**
 * The delivery modes, minimum order, times and delivery fees by neighbourhood, radius or area, with
 * the store's position and maps settings (section `delivery`).
 */
export default function DeliverySection({ onDirty }: SectionProps) {
  const t = useDeliveryT();
  const { draft, setSetting: set, editPart, form } = useSectionForm('delivery', onDirty);
  const settings = draft.settings;
  const bind = bindSettings(settings, set);
  const setCities = editPart('cities');
  const type = settings.delivery_fee_type;
  return (
    <SectionForm {...form} title={t('title')} intro={t('intro')}>
      <section className="editor-group" aria-labelledby="delivery-modes-title">
        <h3 id="delivery-modes-title">{t('modesTitle')}</h3>
        <Toggle label={t('entregar')} hint={t('entregarHint')} {...bind.toggle('permite_entrega')} />
        <Toggle label={t('retirada')} hint={t('retiradaHint')} {...bind.toggle('permite_busca')} />
        <Toggle label={t('vemComer')} hint={t('vemComerHint')} {...bind.toggle('permite_comer_local')} />
      </section>
      <MoneyField
        label={t('minimum')}
        hint={t('minimumHint')}
        path="settings.valor_minimo"
        value={settings.valor_minimo}
        onChange={(value) => set('valor_minimo')(value ?? 0)}
      />
      <h3 className="settings-subtitle">{t('timesTitle')}</h3>
      <div className="editor-row">
        <NumberField
          label={t('deliveryTime')}
          path="settings.delivery_time"
          value={settings.delivery_time}
          onChange={(value) => set('delivery_time')(value ?? 0)}
          min={0}
          suffix={t('minutes')}
        />
        <NumberField
          label={t('pickupTime')}
          path="settings.pickup_time"
          value={settings.pickup_time}
          onChange={(value) => set('pickup_time')(value ?? 0)}
          min={0}
          suffix={t('minutes')}
        />
      </div>
      <p className="editor-hint">{t('timeHint')}</p>

      <section className="editor-group" aria-labelledby="delivery-fee-title">
        <h3 id="delivery-fee-title">{t('feeTitle')}</h3>
        <SelectField<FeeType>
          label={t('feeType')}
          path="settings.delivery_fee_type"
          hint={
            type === 'neighbourhood'
              ? t('feeNeighbourhoodHint')
              : type === 'radius'
                ? t('feeRadiusHint')
                : t('feeAreaHint')
          }
          value={type}
          options={FEE_TYPES.map((value) => ({ value, label: t(`fee_${value}`) }))}
          onChange={set('delivery_fee_type')}
        />
        {type === 'neighbourhood' ? (
          <Neighbourhoods cities={draft.cities} setCities={setCities} t={t} />
        ) : null}
        {type === 'radius' ? <RadiusTiers settings={settings} set={set} t={t} /> : null}
        {type === 'area' ? <Areas settings={settings} set={set} t={t} /> : null}
      </section>

      {type !== 'neighbourhood' ? (
        <>
          <section className="editor-group" aria-labelledby="delivery-discount-title">
            <h3 id="delivery-discount-title">{t('discountTitle')}</h3>
            <p className="editor-hint">{t('discountIntro')}</p>
            <div className="editor-row settings-row-top">
              <MoneyField
                label={t('storeDiscountedFee')}
                hint={t('storeDiscountedFeeHint')}
                path="settings.delivery_discounted_fee"
                value={settings.delivery_discounted_fee}
                nullable
                onChange={set('delivery_discounted_fee')}
              />
              <MoneyField
                label={t('storeDiscountMinimum')}
                hint={t('storeDiscountMinimumHint')}
                path="settings.delivery_discount_minimum_order"
                value={settings.delivery_discount_minimum_order}
                onChange={(value) => set('delivery_discount_minimum_order')(value ?? 0)}
              />
            </div>
          </section>
          <Position settings={settings} set={set} t={t} />
        </>
      ) : null}

      <details className="settings-advanced">
        <summary>{t('advanced')}</summary>
        <div>
          {type === 'neighbourhood' ? <Position settings={settings} set={set} t={t} /> : null}
          <TextField
            label={t('mapsKey')}
            hint={t('mapsKeyHint')}
            path="settings.google_maps_key"
            value={settings.google_maps_key ?? ''}
            onChange={(value) => set('google_maps_key')(value.trim() === '' ? null : value.trim())}
            maxLength={200}
          />
          <TextField
            label={t('viewport')}
            hint={t('viewportHint')}
            path="settings.google_maps_viewport"
            value={settings.google_maps_viewport ?? ''}
            onChange={(value) => set('google_maps_viewport')(value.trim() === '' ? null : value)}
            maxLength={200}
          />
        </div>
      </details>
    </SectionForm>
  );
}

function Position({ settings, set, t }: { settings: Settings; set: SetSetting; t: DeliveryT }) {
  const bind = bindSettings(settings, set);
  return (
    <section className="editor-group" aria-labelledby="delivery-position-title">
      <h3 id="delivery-position-title">{t('positionTitle')}</h3>
      <p className="editor-hint">{t('positionIntro')}</p>
      <div className="editor-row">
        <NumberField label={t('latitude')} {...bind.field('latitude')} step={0.000001} />
        <NumberField label={t('longitude')} {...bind.field('longitude')} step={0.000001} />
      </div>
      <p className="editor-hint">{t('positionHint')}</p>
    </section>
  );
}

// ---------------------------------------------------------------------------------------------
// By neighbourhood

function Neighbourhoods({
  cities,
  setCities,
  t,
}: {
  cities: DocumentCity[];
  setCities: (change: (cities: DocumentCity[]) => DocumentCity[]) => void;
  t: DeliveryT;
}) {
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [opened, setOpened] = useState<Set<string>>(
    () => new Set(cities.length === 1 ? [cities[0]!.ref] : []),
  );
  const [cityName, setCityName] = useState('');
  const [cityState, setCityState] = useState('');
  const issues = useContext(IssuesContext);
  const matches = searchCities(cities, query);
  const setCity = (index: number, change: (city: DocumentCity) => DocumentCity) =>
    setCities((list) => list.map((city, i) => (i === index ? change(city) : city)));
  const listIssue = useIssue('cities');
  return (
    <>
      <div className="editor-field settings-search">
        <label htmlFor={searchId}>{t('search')}</label>
        <input
          id={searchId}
          type="search"
          value={query}
          autoComplete="off"
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      {query && matches.length === 0 ? <p className="staff-muted">{t('searchNone', { query })}</p> : null}
      {matches.map(({ cityIndex, neighbourhoods }) => {
        const city = cities[cityIndex]!;
        const hasIssue = issues.some((issue) => issue.field.startsWith(`cities.${cityIndex}.`));
        return (
          <CityCard
            key={city.ref}
            city={city}
            cityIndex={cityIndex}
            cities={cities}
            shown={neighbourhoods}
            open={query.trim() !== '' || hasIssue || opened.has(city.ref)}
            onToggle={() =>
              setOpened((set) => {
                const next = new Set(set);
                if (next.has(city.ref)) next.delete(city.ref);
                else next.add(city.ref);
                return next;
              })
            }
            setCity={(change) => setCity(cityIndex, change)}
            onRemove={() => setCities((list) => list.filter((_, i) => i !== cityIndex))}
            t={t}
          />
        );
      })}
      {listIssue ? <p className="editor-issue">{listIssue}</p> : null}
      <fieldset className="settings-shift">
        <legend>{t('addCityTitle')}</legend>
        <div className="editor-row settings-add-row settings-city-row">
          <TextField label={t('cityName')} value={cityName} onChange={setCityName} maxLength={120} />
          <TextField
            label={t('cityState')}
            value={cityState}
            onChange={(value) => setCityState(value.toUpperCase().slice(0, 2))}
            maxLength={2}
          />
          <button
            type="button"
            className="button button-secondary"
            disabled={cityName.trim() === ''}
            onClick={() => {
              const city = newCity(cities, cityName.trim(), cityState.trim());
              setCities((list) => [...list, city]);
              setOpened((set) => new Set([...set, city.ref]));
              setCityName('');
              setCityState('');
            }}
          >
            {t('addCity')}
          </button>
        </div>
      </fieldset>
    </>
  );
}

function CityCard({
  city,
  cityIndex,
  cities,
  shown,
  open,
  onToggle,
  setCity,
  onRemove,
  t,
}: {
  city: DocumentCity;
  cityIndex: number;
  cities: DocumentCity[];
  shown: number[];
  open: boolean;
  onToggle: () => void;
  setCity: (change: (city: DocumentCity) => DocumentCity) => void;
  onRemove: () => void;
  t: DeliveryT;
}) {
  const bodyId = useId();
  const [newName, setNewName] = useState('');
  const path = `cities.${cityIndex}`;
  const off = city.neighbourhoods.filter((neighbourhood) => !neighbourhood.ativo).length;
  const setNeighbourhood = (index: number, change: (n: DocumentNeighbourhood) => DocumentNeighbourhood) =>
    setCity((current) => ({
      ...current,
      neighbourhoods: current.neighbourhoods.map((n, i) => (i === index ? change(n) : n)),
    }));
  const title = `${city.nome || t('cityName')}${city.estado ? ` – ${city.estado}` : ''}`;
  return (
    <section className="editor-group" aria-label={title}>
      <div className="settings-city-head">
        <button
          type="button"
          className="settings-disclosure"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={onToggle}
        >
          <Chevron />
          <span>
            <span className="staff-strong">{title}</span>
            <span className="settings-summary">
              {t('citySummary', { count: city.neighbourhoods.length })}
              {off > 0 ? ` · ${t('citySummaryOff', { count: off })}` : ''}
              {city.ativo ? '' : ` · ${t('cityInactive')}`}
            </span>
          </span>
        </button>
      </div>
      {open ? (
        <div id={bodyId} className="settings-shift">
          <div className="editor-row settings-city-row">
            <TextField
              label={t('cityName')}
              path={`${path}.nome`}
              value={city.nome}
              onChange={(nome) => setCity((current) => ({ ...current, nome }))}
              maxLength={120}
            />
            <TextField
              label={t('cityState')}
              path={`${path}.estado`}
              value={city.estado}
              onChange={(value) =>
                setCity((current) => ({ ...current, estado: value.toUpperCase().slice(0, 2) }))
              }
              maxLength={2}
            />
          </div>
          <Toggle
            label={t('cityActive')}
            path={`${path}.ativo`}
            checked={city.ativo}
            onChange={(ativo) => setCity((current) => ({ ...current, ativo }))}
          />
          {shown.map((index) => (
            <NeighbourhoodRow
              key={city.neighbourhoods[index]!.ref}
              neighbourhood={city.neighbourhoods[index]!}
              path={`${path}.neighbourhoods.${index}`}
              onChange={(change) => setNeighbourhood(index, change)}
              onRemove={() =>
                setCity((current) => ({
                  ...current,
                  neighbourhoods: current.neighbourhoods.filter((_, i) => i !== index),
                }))
              }
              t={t}
            />
          ))}
          <div className="editor-row settings-add-row">
            <TextField
              label={t('addNeighbourhoodIn', { city: city.nome })}
              value={newName}
              onChange={setNewName}
              maxLength={120}
            />
            <button
              type="button"
              className="button button-secondary"
              disabled={newName.trim() === ''}
              onClick={() => {
                const neighbourhood = newNeighbourhood(cities, newName.trim());
                setCity((current) => ({
                  ...current,
                  neighbourhoods: [...current.neighbourhoods, neighbourhood],
                }));
                setNewName('');
              }}
            >
              {t('addNeighbourhoodTo')}
            </button>
          </div>
          <button
            type="button"
            className="button button-secondary button-small settings-remove"
            aria-label={t('removeCityOf', { name: city.nome })}
            onClick={onRemove}
          >
            {t('removeCity')}
          </button>
        </div>
      ) : null}
    </section>
  );
}

function NeighbourhoodRow({
  neighbourhood,
  path,
  onChange,
  onRemove,
  t,
}: {
  neighbourhood: DocumentNeighbourhood;
  path: string;
  onChange: (change: (n: DocumentNeighbourhood) => DocumentNeighbourhood) => void;
  onRemove: () => void;
  t: DeliveryT;
}) {
  const issues = useContext(IssuesContext);
  const [more, setMore] = useState(neighbourhood.descricao === '');
  const moreId = useId();
  const showMore =
    more ||
    issues.some((issue) => issue.field.startsWith(`${path}.`) && issue.field !== `${path}.valor_entrega`);
  const name = neighbourhood.descricao || t('neighbourhoodName');
  const discounted = neighbourhood.valor_entrega_desconto;
  return (
    <div className="settings-neighbourhood" data-off={neighbourhood.ativo ? undefined : true}>
      <div className="settings-fee-line">
        <MoneyField
          label={neighbourhood.ativo ? name : `${name} (${t('neighbourhoodOff')})`}
          path={`${path}.valor_entrega`}
          hint={
            discounted !== null
              ? t('discountSummary', {
                  fee: formatBRL(discounted),
                  from: formatBRL(neighbourhood.discount_minimum_order),
                })
              : undefined
          }
          value={neighbourhood.valor_entrega}
          onChange={(value) => onChange((current) => ({ ...current, valor_entrega: value ?? 0 }))}
        />
        <button
          type="button"
          className="settings-more"
          aria-expanded={showMore}
          aria-controls={moreId}
          aria-label={t('moreOf', { name })}
          onClick={() => setMore((value) => !value)}
        >
          <Chevron />
        </button>
      </div>
      {showMore ? (
        <div id={moreId} className="settings-neighbourhood-more">
          <TextField
            label={t('neighbourhoodName')}
            path={`${path}.descricao`}
            value={neighbourhood.descricao}
            onChange={(descricao) => onChange((current) => ({ ...current, descricao }))}
            maxLength={120}
          />
          <Toggle
            label={t('neighbourhoodActiveOf', { name })}
            path={`${path}.ativo`}
            checked={neighbourhood.ativo}
            onChange={(ativo) => onChange((current) => ({ ...current, ativo }))}
          />
          <div className="editor-row">
            <MoneyField
              label={t('discountedFee')}
              hint={t('discountedFeeHint')}
              path={`${path}.valor_entrega_desconto`}
              value={neighbourhood.valor_entrega_desconto}
              nullable
              onChange={(value) => onChange((current) => ({ ...current, valor_entrega_desconto: value }))}
            />
            <MoneyField
              label={t('discountMinimum')}
              path={`${path}.discount_minimum_order`}
              value={neighbourhood.discount_minimum_order}
              onChange={(value) =>
                onChange((current) => ({ ...current, discount_minimum_order: value ?? 0 }))
              }
            />
          </div>
          <button
            type="button"
            className="button button-secondary button-small settings-remove"
            aria-label={t('removeNeighbourhoodOf', { name })}
            onClick={onRemove}
          >
            {t('removeNeighbourhood')}
          </button>
        </div>
      ) : null}
    </div>
  );
}

function Chevron() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d="M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z" fill="currentColor" />
    </svg>
  );
}

// ---------------------------------------------------------------------------------------------
// By radius

function RadiusTiers({ settings, set, t }: { settings: Settings; set: SetSetting; t: DeliveryT }) {
  const tiers = settings.delivery_radius_tiers;
  const setTiers = set('delivery_radius_tiers');
  const listIssue = useIssue('settings.delivery_radius_tiers');
  return (
    <>
      <h4 className="settings-subtitle">{t('tiersTitle')}</h4>
      {tiers.map((tier, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: bands have no id; their place is their name
        <fieldset key={index} className="settings-shift">
          <legend>{t('tierOf', { n: index + 1 })}</legend>
          <div className="settings-tier">
            <NumberField
              label={t('tierUpTo')}
              path={`settings.delivery_radius_tiers.${index}.up_to_metres`}
              value={tier.up_to_metres / 1000}
              step={0.1}
              min={0}
              suffix={t('km')}
              onChange={(km) =>
                setTiers(
                  tiers.map((other, i) =>
                    i === index ? { ...other, up_to_metres: Math.round((km ?? 0) * 1000) } : other,
                  ),
                )
              }
            />
            <MoneyField
              label={t('tierFee')}
              path={`settings.delivery_radius_tiers.${index}.fee`}
              value={tier.fee}
              onChange={(fee) =>
                setTiers(tiers.map((other, i) => (i === index ? { ...other, fee: fee ?? 0 } : other)))
              }
            />
            <button
              type="button"
              className="button button-secondary button-small settings-icon-button"
              aria-label={t('removeTier', { n: index + 1 })}
              onClick={() => setTiers(tiers.filter((_, i) => i !== index))}
            >
              ×
            </button>
          </div>
        </fieldset>
      ))}
      {listIssue ? <p className="editor-issue">{listIssue}</p> : null}
      <button
        type="button"
        className="button button-secondary"
        onClick={() => {
          const last = tiers.at(-1);
          setTiers([...tiers, { up_to_metres: (last?.up_to_metres ?? 0) + 2000, fee: last?.fee ?? 0 }]);
        }}
      >
        + {t('addTier')}
      </button>
      <NumberField
        label={t('maxRadius')}
        hint={t('maxRadiusHint')}
        path="settings.delivery_max_radius"
        value={settings.delivery_max_radius / 1000}
        step={0.1}
        min={0}
        suffix={t('km')}
        onChange={(km) => set('delivery_max_radius')(Math.round((km ?? 0) * 1000))}
      />
    </>
  );
}

// ---------------------------------------------------------------------------------------------
// By area

function Areas({ settings, set, t }: { settings: Settings; set: SetSetting; t: DeliveryT }) {
  const areas = settings.delivery_areas;
  const setAreas = set('delivery_areas');
  const [drawing, setDrawing] = useState<number | null>(null);
  const listIssue = useIssue('settings.delivery_areas');
  const store: Point | null =
    settings.latitude !== null && settings.longitude !== null
      ? [settings.latitude, settings.longitude]
      : null;
  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    if (target < 0 || target >= areas.length) return;
    const next = [...areas];
    [next[index], next[target]] = [next[target]!, next[index]!];
    setAreas(next);
  };
  const area = drawing === null ? null : areas[drawing];
  return (
    <>
      <h4 className="settings-subtitle">{t('areasTitle')}</h4>
      {areas.map((item, index) => (
        <AreaCard
          // biome-ignore lint/suspicious/noArrayIndexKey: areas have no id; their place decides the fee
          key={index}
          index={index}
          count={areas.length}
          area={item}
          store={store}
          onChange={(next) => setAreas(areas.map((other, i) => (i === index ? next : other)))}
          onDraw={() => setDrawing(index)}
          onMove={(by) => move(index, by)}
          onRemove={() => setAreas(areas.filter((_, i) => i !== index))}
          t={t}
        />
      ))}
      {listIssue ? <p className="editor-issue">{listIssue}</p> : null}
      <button
        type="button"
        className="button button-secondary"
        onClick={() => {
          setAreas([...areas, { name: t('newAreaName', { n: areas.length + 1 }), fee: 0, polygon: [] }]);
          setDrawing(areas.length);
        }}
      >
        + {t('addArea')}
      </button>
      {area && drawing !== null ? (
        <AreaDrawer
          area={area}
          store={store}
          others={areas.filter((_, i) => i !== drawing)}
          t={t}
          onCancel={() => setDrawing(null)}
          onDone={(corners) => {
            setAreas(
              areas.map((other, i) => (i === drawing ? { ...other, polygon: ringOf(corners) } : other)),
            );
            setDrawing(null);
          }}
        />
      ) : null}
    </>
  );
}

/** The area's outline and the store, small, to recognise it at a glance (never its coordinates). */
function AreaShape({ corners, centre, hasStore }: { corners: Point[]; centre: Point; hasStore: boolean }) {
  const WIDTH = 96;
  const HEIGHT = 72;
  const points = corners.map((corner) => toMetres(corner, centre));
  const all = hasStore ? [...points, { x: 0, y: 0 }] : points;
  const xs = all.map((p) => p.x);
  const ys = all.map((p) => p.y);
  const [left, right, bottom, top] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const scale = Math.min((WIDTH - 12) / Math.max(right - left, 1), (HEIGHT - 12) / Math.max(top - bottom, 1));
  const at = ({ x, y }: { x: number; y: number }) => ({
    x: WIDTH / 2 + (x - (left + right) / 2) * scale,
    y: HEIGHT / 2 - (y - (bottom + top) / 2) * scale,
  });
  const store = at({ x: 0, y: 0 });
  return (
    <svg
      className="settings-area-shape"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
      aria-hidden="true"
    >
      <polygon
        points={points
          .map(at)
          .map(({ x, y }) => `${x.toFixed(1)},${y.toFixed(1)}`)
          .join(' ')}
        fill="rgb(31 79 209 / 0.18)"
        stroke="#1f4fd1"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      {hasStore ? (
        <circle cx={store.x} cy={store.y} r="4" fill="#18181b" stroke="#ffffff" strokeWidth="1.5" />
      ) : null}
    </svg>
  );
}

function AreaCard({
  index,
  count,
  area,
  store,
  onChange,
  onDraw,
  onMove,
  onRemove,
  t,
}: {
  index: number;
  count: number;
  area: Settings['delivery_areas'][number];
  store: Point | null;
  onChange: (area: Settings['delivery_areas'][number]) => void;
  onDraw: () => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  t: DeliveryT;
}) {
  const language = useLanguage();
  const issues = useContext(IssuesContext);
  const path = `settings.delivery_areas.${index}`;
  const corners = cornersOf(area.polygon);
  const name = area.name.trim() || t('areaUnnamed');
  // The ring's own refusal (not closed) and a point's (off the map) are both said under the points.
  const pointIssues = issues.filter(
    (issue) => issue.field === `${path}.polygon` || issue.field.startsWith(`${path}.polygon.`),
  );
  const pointIssue = useIssue(pointIssues[0]?.field);
  const centre = store ?? corners[0] ?? null;
  return (
    <section className="editor-group" aria-label={name} data-invalid={pointIssue ? true : undefined}>
      <div className="editor-row">
        <TextField
          label={t('areaName')}
          path={`${path}.name`}
          value={area.name}
          onChange={(value) => onChange({ ...area, name: value })}
          maxLength={80}
        />
        <MoneyField
          label={t('areaFee')}
          path={`${path}.fee`}
          value={area.fee}
          onChange={(fee) => onChange({ ...area, fee: fee ?? 0 })}
        />
      </div>
      <div className="settings-area-summary">
        {corners.length >= 3 && centre ? (
          <AreaShape corners={corners} centre={centre} hasStore={store !== null} />
        ) : null}
        <p className="settings-summary">
          {corners.length === 0
            ? t('areaNoPoints')
            : corners.length < 3
              ? t('areaFewPoints', { count: corners.length })
              : t('areaPoints', {
                  count: corners.length,
                  size: areaText(ringAreaSquareMetres(corners, centre ?? [0, 0]), language),
                })}
        </p>
      </div>
      {pointIssue ? <p className="editor-issue">{pointIssue}</p> : null}
      <ItemActions
        index={index}
        count={count}
        labels={{
          moveUp: t('moveUp', { name }),
          moveDown: t('moveDown', { name }),
          remove: t('removeAreaOf', { name }),
          removeText: t('removeArea'),
        }}
        onMove={onMove}
        onRemove={onRemove}
      >
        <button
          type="button"
          className="button button-primary button-small"
          aria-label={t('drawOf', { name })}
          onClick={onDraw}
        >
          {t('draw')}
        </button>
      </ItemActions>
    </section>
  );
}
