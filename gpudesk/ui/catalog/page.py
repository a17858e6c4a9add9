"""The Catalog page: offers table, planner, charts, sources and "Rent" (step 1 of four).

Rent (the planner's pick, or any offer row: button, double-click or its menu) opens the rent
dialog: with an account at the offer's provider it confirms and rents through the API; without
one it says so, with the way to add one and, as before, the provider's page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from gpudesk.core import settings
from gpudesk.core.catalog import Catalog, Money, Recommendation, age, live, load
from gpudesk.core.catalog.billing import rent_vs_buy
from gpudesk.core.catalog.money import CURRENCIES
from gpudesk.core.catalog.table import PROVIDER_URLS, OfferRow, rows
from gpudesk.core.live.workspace import Workspace
from gpudesk.core.sessions.model import Session
from gpudesk.ui.background import run_in_background
from gpudesk.ui.catalog.charts import BillingChart, BreakEvenChart, PriceScatter
from gpudesk.ui.catalog.offers_model import ROW_ROLE, OffersFilter, OffersModel
from gpudesk.ui.catalog.planner_panel import PlannerPanel
from gpudesk.ui.fit import keep_rows
from gpudesk.ui.guide.flow import FlowLayout
from gpudesk.ui.i18n import tr_msg
from gpudesk.ui.qt import Qt, QtCore, QtGui, QtWidgets, Signal

if TYPE_CHECKING:
    from gpudesk.ui.rent.dialog import RentDialog


class CatalogPage(QtWidgets.QWidget):
    """Choose a GPU and a billing plan, then rent it (or open a pre-filled session for a server rented elsewhere)."""

    new_session_requested = Signal(object)  # gpudesk.core.sessions.model.Session
    loaded = Signal()

    def __init__(self, parent: QtWidgets.QWidget | None = None, workspace: Workspace | None = None) -> None:
        super().__init__(parent)
        #: the app's workspace when the main window built this page (``pages.build_page``): a rent opens its
        #: tab through the workspace's shell; None for a page on its own (tests), whose rent dialog opens no tab
        self.workspace = workspace
        self.catalog: Catalog | None = None
        self.money = Money.from_settings()
        self.recommendation: Recommendation | None = None
        self.open_url: Callable[[str], object] = lambda url: QtGui.QDesktopServices.openUrl(QtCore.QUrl(url))

        # -- top bar: filters and currency --------------------------------------
        self.search = QtWidgets.QLineEdit()
        self.search.setPlaceholderText(self.tr("Filter: GPU, provider, region (e.g. 4090 runpod)"))
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName(self.tr("Filter offers"))
        self.min_vram = QtWidgets.QSpinBox()
        self.min_vram.setRange(0, 192)
        self.min_vram.setSuffix(" GB")
        self.min_vram.setSpecialValueText(self.tr("any VRAM"))
        self.min_vram.setAccessibleName(self.tr("Min VRAM per GPU"))
        self.on_demand = QtWidgets.QCheckBox(self.tr("On-demand only"))
        self.hide_flagged = QtWidgets.QCheckBox(self.tr("Hide flagged prices"))
        self.currency = QtWidgets.QComboBox()
        self.currency.addItems(list(CURRENCIES))
        self.currency.setCurrentText(self.money.currency)
        self.rate = QtWidgets.QDoubleSpinBox()
        self.rate.setDecimals(3)
        self.rate.setRange(0.001, 1000.0)
        self.rate.setValue(self.money.cny_per_usd)
        self.rate.setSuffix(self.tr(" CNY per USD"))
        self.rate.setToolTip(self.tr("Exchange rate used for every conversion; saved in the settings"))
        self.rate.setAccessibleName(self.tr("Exchange rate, CNY per USD"))
        # The filters wrap to a second row in a narrow window instead of widening it.
        self.search.setMinimumWidth(self.search.fontMetrics().horizontalAdvance("x" * 36))
        bar = FlowLayout()
        bar.addWidget(self.search)
        bar.addWidget(_pair(QtWidgets.QLabel(self.tr("Min VRAM per GPU")), self.min_vram))
        bar.addWidget(self.on_demand)
        bar.addWidget(self.hide_flagged)
        self.refresh = QtWidgets.QPushButton(self.tr("Refresh prices"))
        self.refresh.setToolTip(
            self.tr(
                "Fetch live prices from the Lambda, RunPod and Vast.ai accounts set up in Providers; they are cached with the time"
            )
        )
        self.refresh.clicked.connect(self.refresh_prices)
        bar.addWidget(self.refresh)
        bar.addWidget(_pair(QtWidgets.QLabel(self.tr("Currency")), self.currency, self.rate))

        # -- offers table ---------------------------------------------------------
        self.model = OffersModel(self)
        self.proxy = OffersFilter(self)
        self.proxy.setSourceModel(self.model)
        self.table = QtWidgets.QTableView()
        self.table.setModel(self.proxy)
        self.table.setAccessibleName(self.tr("GPU offers"))
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(4, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QtWidgets.QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QtWidgets.QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.setAlternatingRowColors(True)
        self.table.horizontalHeader().setStretchLastSection(True)
        keep_rows(self.table)
        self.table.selectionModel().selectionChanged.connect(self._offer_selected)
        self.table.doubleClicked.connect(lambda _index: self.rent_offer())
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.table.customContextMenuRequested.connect(self._offer_menu)
        self.rent_offer_button = QtWidgets.QPushButton(self.tr("Rent this offer…"))
        self.rent_offer_button.setToolTip(
            self.tr("Rent the selected offer through its provider's API, after you confirm the price")
        )
        self.rent_offer_button.setEnabled(False)
        self.rent_offer_button.clicked.connect(lambda: self.rent_offer())
        self.rent_dialog: RentDialog | None = None  # the open rent dialog, if any

        # -- charts -----------------------------------------------------------------
        self.scatter = PriceScatter()
        self.scatter.offer_clicked.connect(self.select_offer)
        self.billing_chart = BillingChart()
        self.break_even = BreakEvenChart()
        self.charts = QtWidgets.QTabWidget()
        self.charts.addTab(self.scatter, self.tr("Price vs performance"))
        self.charts.addTab(self.billing_chart, self.tr("Billing comparison"))
        self.charts.addTab(self.break_even, self.tr("Rent or buy"))

        offers = QtWidgets.QWidget()
        offers_layout = QtWidgets.QVBoxLayout(offers)
        offers_layout.setContentsMargins(0, 0, 0, 0)
        offers_layout.addWidget(self.table, 1)
        offers_buttons = QtWidgets.QHBoxLayout()
        offers_buttons.addWidget(self.rent_offer_button)
        offers_buttons.addStretch(1)
        offers_layout.addLayout(offers_buttons)
        left = QtWidgets.QSplitter(Qt.Orientation.Vertical)
        left.addWidget(offers)
        left.addWidget(self.charts)
        left.setSizes([480, 420])

        # -- planner ---------------------------------------------------------------
        self.planner = PlannerPanel()
        self.planner.selected.connect(self._recommendation_selected)
        self.planner.table.doubleClicked.connect(lambda _index: self.rent_selected())
        self.rent = QtWidgets.QPushButton(self.tr("Rent this…"))
        self.rent.setToolTip(
            self.tr(
                "Rent the planner's pick through the provider's API after you confirm the price; without an account "
                "there, add one or open the provider's page"
            )
        )
        self.rent.setEnabled(False)
        self.rent.clicked.connect(self.rent_selected)
        self.open_site = QtWidgets.QPushButton(self.tr("Open provider page"))
        self.open_site.setEnabled(False)
        self.open_site.clicked.connect(self.open_provider)
        self.watch = QtWidgets.QPushButton(self.tr("Alert me when in stock…"))
        self.watch.setToolTip(
            self.tr(
                "While gpudesk runs, it reads the providers' live prices every 10 minutes and alerts you (Settings → "
                "Alerts when you are away) when this GPU is on offer at or under your price"
            )
        )
        self.watch.setEnabled(False)
        self.watch.clicked.connect(self.watch_selected)
        buttons = QtWidgets.QHBoxLayout()
        buttons.addWidget(self.rent)
        buttons.addWidget(self.open_site)
        buttons.addWidget(self.watch)
        buttons.addStretch(1)
        right = QtWidgets.QWidget()
        right_layout = QtWidgets.QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.planner)
        right_layout.addLayout(buttons)

        split = QtWidgets.QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(right)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setSizes([860, 640])  # the planner's answers need room for "8× A100 SXM 80GB (640 GB)"

        # -- sources and dates -------------------------------------------------------
        self.sources = QtWidgets.QLabel(self.tr("Loading the bundled catalog…"))
        self.sources.setWordWrap(True)
        self.sources.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        layout = QtWidgets.QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(split, 1)
        layout.addWidget(self.sources)

        self.search.textChanged.connect(lambda text: self.proxy.set_filters(text=text))
        self.min_vram.valueChanged.connect(lambda v: self.proxy.set_filters(min_vram=float(v)))
        self.on_demand.toggled.connect(lambda on: self.proxy.set_filters(on_demand_only=on))
        self.hide_flagged.toggled.connect(lambda on: self.proxy.set_filters(hide_flagged=on))
        self.currency.currentTextChanged.connect(self._money_changed)
        self.rate.valueChanged.connect(self._money_changed)

        self.live: live.RefreshResult | None = None
        self.live_errors: dict[str, str] = {}
        self.unmatched: list[live.LiveRow] = []

        # Reading the bundled files and the cached live prices is disk IO: off the GUI thread.
        run_in_background(lambda: (load(), live.load_cached()), self._loaded, self._load_failed)

    # -- data ----------------------------------------------------------------------
    def _loaded(self, loaded: tuple[Catalog, live.RefreshResult | None]) -> None:
        bundled, cached = loaded
        self.live = cached
        self.catalog, self.unmatched = live.merged(bundled, cached)
        self._refresh_rows()
        self.planner.set_catalog(self.catalog, self.money)
        self._update_sources(None)
        self.loaded.emit()

    def _load_failed(self, exc: BaseException) -> None:
        self.sources.setText(self.tr("The bundled catalog could not be read: %1").replace("%1", tr_msg(exc)))

    def refresh_prices(self) -> None:
        """Ask every Lambda/RunPod/Vast.ai account for live prices (in the background)."""
        self.refresh.setEnabled(False)
        self.refresh.setText(self.tr("Refreshing…"))
        run_in_background(_fetch_live, self._refreshed, self._refresh_failed)

    def _refreshed(self, outcome: tuple[live.RefreshResult | None, live.RefreshResult | None, dict[str, str]]) -> None:
        result, cached, account_errors = outcome
        self.refresh.setEnabled(True)
        self.refresh.setText(self.tr("Refresh prices"))
        self.live_errors = {**account_errors, **(result.errors if result else {})}
        if result is None and not account_errors:
            self.live_errors = {
                "": self.tr("Add a Lambda Cloud, RunPod or Vast.ai account in Providers to fetch live prices.")
            }
        if result is not None:
            self.live = cached or result  # the saved view: failed providers keep their earlier rows
            self.catalog, self.unmatched = live.merged(load(), self.live)
            self._refresh_rows()
            self.planner.set_catalog(self.catalog, self.money)
        self._update_sources(None)

    def _refresh_failed(self, exc: BaseException) -> None:
        self.refresh.setEnabled(True)
        self.refresh.setText(self.tr("Refresh prices"))
        self.live_errors = {"": tr_msg(exc)}
        self._update_sources(None)

    def _refresh_rows(self) -> None:
        if self.catalog is None:
            return
        table_rows = rows(self.catalog, self.money)
        self.model.set_rows(table_rows, self.money)
        self.table.resizeColumnsToContents()
        header = self.table.horizontalHeader()
        for col, widest in ((0, 190), (6, 130)):  # long GPU aliases and region names elide
            header.resizeSection(col, min(header.sectionSize(col), widest))
        self.scatter.set_rows(table_rows, self.money)

    def _money_changed(self, *_args: object) -> None:
        try:
            money = Money(self.currency.currentText(), self.rate.value())
        except ValueError:
            return
        if money == self.money:
            return
        self.money = money

        # Saving writes a file: off the GUI thread, like every other IO.
        def save() -> None:
            settings.set("catalog.currency", money.currency)
            settings.set("catalog.cny_per_usd", money.cny_per_usd)

        run_in_background(save)
        self._refresh_rows()
        self.planner.set_money(money)

    def _update_sources(self, row: OfferRow | None) -> None:
        if self.catalog is None:
            return
        providers = sorted({o.provider for o in self.catalog.offers})
        # The catalog's date is when it was compiled, not how old its prices are: the second line
        # says that with the same dates the rows' Observed column shows.
        text = self.tr(
            "Bundled catalog of %1: %2 offers from %3 providers and %4 GPU models; every value names its source (hover a row)."
        )
        text = (
            text.replace("%1", self.catalog.snapshot_date)
            .replace("%2", str(len(self.catalog.offers)))
            .replace("%3", str(len(providers)))
            .replace("%4", str(len(self.catalog.gpus)))
        )
        text += "\n" + tr_msg(age.summary(self.catalog.offers))
        if self.live is not None and self.live.rows and self.unmatched:
            text += " " + self.tr("%1 live rows name GPUs the catalog has no specs for.").replace(
                "%1", str(len(self.unmatched))
            )
        for provider, message in self.live_errors.items():
            text += "\n" + (f"{provider}: {tr_msg(message)}" if provider else tr_msg(message))
        if row is not None:
            observed = self.tr("Selected: %1, observed %2. Source: %3").replace(
                "%1", f"{row.offer.provider} {row.offer.instance_type}"
            )
            text += "\n" + observed.replace("%2", tr_msg(row.offer.date_label)).replace("%3", row.offer.source)
            specs = row.offer.gpu.source
            specs = specs if len(specs) <= 300 else specs[:300].rsplit(" ", 1)[0] + " …"
            text += "\n" + self.tr("GPU specs: %1").replace("%1", specs)
        self.sources.setText(text)

    # -- selection -----------------------------------------------------------------
    def _offer_selected(self, *_args: object) -> None:
        row = self.selected_row()
        self.rent_offer_button.setEnabled(row is not None)
        self.scatter.mark(row)
        self._update_sources(row)

    def selected_row(self) -> OfferRow | None:
        indexes = self.table.selectionModel().selectedRows()
        return self.proxy.data(indexes[0], ROW_ROLE) if indexes else None

    def _offer_menu(self, pos: QtCore.QPoint) -> None:
        index = self.table.indexAt(pos)
        if not index.isValid():
            return
        self.table.selectRow(index.row())
        menu = QtWidgets.QMenu(self)
        menu.addAction(self.tr("Rent this offer…"), self.rent_offer)
        menu.exec(self.table.viewport().mapToGlobal(pos))

    def select_offer(self, row: OfferRow) -> None:
        """Select ``row`` in the table (from a click in the scatter)."""
        for r in range(self.proxy.rowCount()):
            index = self.proxy.index(r, 0)
            if self.proxy.data(index, ROW_ROLE) is row:
                self.table.selectRow(r)
                self.table.scrollTo(index)
                return

    def _recommendation_selected(self, rec: Recommendation | None) -> None:
        self.recommendation = rec
        self.rent.setEnabled(rec is not None)
        self.watch.setEnabled(rec is not None)
        self.open_site.setEnabled(rec is not None and rec.offer.provider in PROVIDER_URLS)
        if rec is None or self.catalog is None:
            return
        # Show where the chosen price comes from, and where it sits among the others.
        row = self.model.find(rec.offer)
        self.scatter.mark(row)
        self._update_sources(row)
        result = self.planner.result
        hours = rec.est_hours if result is None else result.workload.usage(rec.est_hours).hours
        self.billing_chart.set_options(rec.options, self.money, hours)
        kwh = settings.get("catalog.electricity_usd_per_kwh")
        be = rent_vs_buy(self.catalog, rec.offer, self.money, kwh, count=rec.count)
        self.break_even.set_result(be, self.money, self.planner.hours_per_day.value())

    # -- actions -----------------------------------------------------------------------
    def session_template(self, item: Recommendation | OfferRow) -> Session:
        """A new-session template for a planner pick or an offer row: provider and the hourly price of its billing mode."""
        count = item.count if isinstance(item, Recommendation) else item.offer.gpu_count
        currency = item.currency if isinstance(item, Recommendation) else self.money.currency
        return Session(
            name=f"{count}× {item.offer.gpu.model} · {item.offer.provider}",
            host="",
            provider=item.offer.provider,
            hourly_price=round(item.price_per_hour, 4),
            currency=currency,
        )

    def watch_selected(self, price: float | None = None) -> None:
        """Watch for the planner's pick at or under a price per GPU-hour (USD, as the providers' APIs quote)."""
        rec = self.recommendation
        if rec is None:
            return
        offer = rec.offer
        per_gpu = offer.price_per_hour / max(1, offer.gpu_count) if offer.currency == "USD" else 0.0
        if price is None:
            value, ok = QtWidgets.QInputDialog.getDouble(
                self,
                self.tr("Alert me when in stock"),
                self.tr("Alert me when %1 is on offer at or under this price per GPU-hour (US dollars):").replace(
                    "%1", f"{rec.count}× {rec.gpu.model}"
                ),
                round(per_gpu, 2) if per_gpu else 2.0,
                0.01,
                1000.0,
                2,
            )
            if not ok:
                return
            price = value
        from gpudesk.core.alerts.stock import add_want

        gpu, count, limit = rec.gpu.model, rec.count, float(price)
        window = self.window()

        def done(_want: object) -> None:
            if isinstance(window, QtWidgets.QMainWindow):
                window.statusBar().showMessage(
                    self.tr("Watching for %1 at or under $%2 per GPU-hour while gpudesk runs.")
                    .replace("%1", f"{count}× {gpu}")
                    .replace("%2", f"{limit:.2f}"),
                    15000,
                )

        def failed(exc: BaseException) -> None:
            QtWidgets.QMessageBox.warning(self, self.tr("Alert me when in stock"), tr_msg(exc))

        run_in_background(lambda: add_want(gpu, limit, count), done, failed)

    def rent_selected(self) -> None:
        """Rent the planner's pick (the rent dialog confirms first, or says how to get an account)."""
        if self.recommendation is not None:
            self.rent_item(self.recommendation)

    def rent_offer(self, row: OfferRow | None = None) -> None:
        """Rent an offer row of the table (the selected one by default)."""
        row = row or self.selected_row()
        if row is not None:
            self.rent_item(row)

    def rent_item(self, item: Recommendation | OfferRow) -> RentDialog:
        """Open the rent dialog for ``item``; returns it (window-modal, not blocking)."""
        from gpudesk.ui.rent.dialog import RentDialog

        ranked = (
            list(self.planner.result.recommendations)
            if isinstance(item, Recommendation) and self.planner.result
            else []
        )
        target = item if isinstance(item, Recommendation) else item.offer

        def elsewhere() -> None:  # as before Rent existed: the provider's page and a pre-filled session
            self._open_url_of(item.offer.provider)
            self.new_session_requested.emit(self.session_template(item))

        dialog = RentDialog.for_workspace(self.workspace, target, ranked=ranked, open_site=elsewhere, parent=self)
        self.rent_dialog = dialog
        dialog.open()
        return dialog

    def open_provider(self) -> None:
        if self.recommendation is not None:
            self._open_url_of(self.recommendation.offer.provider)

    def _open_url_of(self, provider: str) -> None:
        if provider in PROVIDER_URLS:
            self.open_url(PROVIDER_URLS[provider])


def _pair(*widgets: QtWidgets.QWidget) -> QtWidgets.QWidget:
    """Widgets that belong together (a label and its box) as one item of a wrapping row."""
    holder = QtWidgets.QWidget()
    row = QtWidgets.QHBoxLayout(holder)
    row.setContentsMargins(0, 0, 0, 0)
    for widget in widgets:
        row.addWidget(widget)
    return holder


def _fetch_live() -> tuple[live.RefreshResult | None, live.RefreshResult | None, dict[str, str]]:
    """Runs on a worker thread: fetch, cache, read the cache back, report per-account problems."""
    from gpudesk.core.i18n import message_of
    from gpudesk.core.providers.accounts import AccountStore, provider_for
    from gpudesk.core.providers.errors import ProviderError

    clients = []
    errors: dict[str, str] = {}
    for account in AccountStore():
        if account.kind not in live.KINDS:
            continue
        try:
            clients.append((account.kind, provider_for(account).api))
        except ProviderError as exc:
            errors[account.name] = message_of(exc)  # still a Msg: shown in the UI language
    if not clients:
        return None, None, errors
    result = live.refresh(clients)
    live.save(result)
    return result, live.load_cached(), errors
