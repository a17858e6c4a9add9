"""Rent from the Catalog: the confirmation, the progress until a connected tab, and every way it can end.

Real parts only: the local provider servers (tests/helpers_providers), the real sshd, the real main
window and its Catalog page, the file keyring. The RunPod server here gives rented pods the test
sshd's address and user, and installs the public key it is sent, as RunPod does with PUBLIC_KEY.
"""

from __future__ import annotations

import pytest

from gpudesk.core.billing.meter import Meter
from gpudesk.core.providers.accounts import Account, AccountStore
from gpudesk.core.sessions.store import SessionStore
from gpudesk.core.shell import Page
from gpudesk.ui.catalog.offers_model import ROW_ROLE
from gpudesk.ui.qt import QtCore, QtWidgets
from tests.helpers_providers.listeners import SilentPort
from tests.helpers_providers.runpod_stub import RunPodStub
from tests.helpers_providers.vast_stub import VastStub

pytestmark = pytest.mark.gui


class RentingRunPod(RunPodStub):
    """RunPod's v2 API; rented pods answer on the test sshd as its user, with the key they were sent."""

    def __init__(self, sshd) -> None:  # type: ignore[no-untyped-def]
        super().__init__()
        self.sshd = sshd
        self.launch_ssh = (sshd.host, sshd.port)
        self.keys = sshd.workdir / "authorized_keys"
        self.keys_before = self.keys.read_text()

    def _create(self, body):  # type: ignore[no-untyped-def]
        reply = super()._create(body)
        key = body.get("env", {}).get("PUBLIC_KEY") if isinstance(body, dict) else None
        if reply.status == 201 and isinstance(key, str):
            self.keys.write_text(self.keys.read_text() + key + "\n")  # what the pod does with PUBLIC_KEY
        return reply

    def _set(self, pod, status):  # type: ignore[no-untyped-def]
        super()._set(pod, status)
        direct = pod["ssh"].get("direct")
        if direct and pod["id"] in self._waiting:
            direct["username"] = self.sshd.username  # the test sshd lets no root in

    def restore(self) -> None:
        self.keys.write_text(self.keys_before)


@pytest.fixture
def runpod(sshd):
    server = RentingRunPod(sshd).start()
    AccountStore().save(Account("rp", "runpod", server.url), token=server.token)
    yield server
    server.stop()
    server.restore()


@pytest.fixture
def vast():
    server = VastStub().start()
    AccountStore().save(Account("va", "vast", server.url), token=server.token)
    yield server
    server.stop()


def catalog(window, qtbot):  # type: ignore[no-untyped-def]
    page = window.show_page(Page.CATALOG)
    if page.catalog is None:
        with qtbot.waitSignal(page.loaded, timeout=20000):
            pass
    return page


def rent_row(page, qtbot, provider: str, gpu: str, billing: str = "on-demand"):  # type: ignore[no-untyped-def]
    """Select the offer row and press "Rent this offer…"; returns the rent dialog."""
    for r in range(page.proxy.rowCount()):
        row = page.proxy.data(page.proxy.index(r, 0), ROW_ROLE)
        o = row.offer
        if o.provider == provider and row.gpu == gpu and o.gpu_count == 1 and o.billing == billing and o.region:
            page.table.selectRow(r)
            break
    else:
        raise AssertionError(f"no {provider} {gpu} row")
    assert page.rent_offer_button.isEnabled()
    page.rent_offer_button.click()
    dialog = page.rent_dialog
    assert dialog is not None and dialog.isVisible()
    dialog.poll_s = 0.05
    return dialog


def wait_page(qtbot, dialog, page, timeout: int = 20000) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: dialog.pages.currentWidget() is page, timeout=timeout)


def creates(stub) -> int:  # type: ignore[no-untyped-def]
    return sum(1 for r in stub.requests if r.method == "POST" and r.path == "/v2/pods")


def visible_buttons(dialog) -> list[str]:  # type: ignore[no-untyped-def]
    return [b.text() for b in dialog.buttons if b.isVisible()]


# -- the whole way: offer row → confirmation → connected, priced, linked tab ----------------------
def test_rent_from_an_offer_row_to_a_connected_priced_linked_tab(window, qtbot, runpod, sshd):
    page = catalog(window, qtbot)
    dialog = rent_row(page, qtbot, "RunPod", "RTX 4090")
    wait_page(qtbot, dialog, dialog.confirm)
    form = dialog.confirm
    assert form.machine.text() == "1× RTX 4090 (RunPod Secure Cloud)"
    assert form.price.text() == "$0.440/h" and dialog.rent_button.text() == "Rent for $0.440/h"
    assert form.image.text() == "runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404" and form.disk.value() == 50
    assert form.on_demand.isChecked() and not form.spot.isEnabled()  # RunPod's API rents no spot
    assert "volume disk" in form.notes.text() and "network volume" in form.notes.text()  # after stop, after terminate
    assert creates(runpod) == 0  # nothing is rented before the confirmation
    form.disk.setValue(80)
    dialog.rent_button.click()
    qtbot.waitUntil(lambda: dialog.result_ is not None, timeout=60000)
    (body,) = runpod.created
    assert body["mounts"]["persistent"] == {"size": 80, "path": "/workspace"} and body["env"]["PUBLIC_KEY"].startswith("ssh-ed25519 ") and body["gpu"]["count"] == 1
    launched = dialog.result_
    session = launched.session
    tab = window.tabs_by_session[session.id]
    qtbot.waitUntil(lambda: tab.controller.state == "connected", timeout=30000)
    saved = SessionStore().get(session.id)
    assert saved is not None and window.store.get(session.id) is not None
    assert (saved.provider, saved.provider_instance_id, saved.hourly_price, saved.auth) == ("rp", launched.instance.id, 0.44, "stored_key")
    assert Meter().is_running(session.id) and Meter().rate_per_hour(session.id) == 0.44
    # The host key: recorded on first sight, in the app's own known_hosts, and shown.
    assert sshd.host_key_fingerprint in dialog.progress.fingerprint.text() and "recorded" in dialog.progress.fingerprint.text()
    from gpudesk.core import paths

    assert sshd.host_key_line.split()[1] in paths.known_hosts_file().read_text()
    # Step 2's environment check runs in the new tab.
    gpus = next(p for p in tab.panels if type(p).__name__ == "GpuPanel")
    assert tab.tabs.currentWidget() is gpus
    qtbot.waitUntil(lambda: dialog.progress.state["check"] == "done", timeout=60000)
    assert gpus.report is not None
    assert all(dialog.progress.state[k] == "done" for k in ("key", "launch", "provisioning", "booting", "address", "hostkey", "session"))

    # Step 4: the guide asks the provider and names the server gpudesk launched.
    window.show_guide(True)
    guide = window.guide_dock.widget()
    guide.check_release()
    qtbot.waitUntil(lambda: not guide.release_running and guide.release is not None, timeout=20000)
    assert [r.id for r in guide.release.running] == [launched.instance.id]
    assert launched.instance.id in guide.release_text() and "Still billing at the provider" in guide.billing_text()

    # Preemption: the provider says it ended without anyone asking → said, with the same rental offered again.
    pod = runpod.pods[launched.instance.id]
    runpod._set(pod, "EXITED")
    tracker = window.costbar.trackers[session.id]
    tracker.refresh_instance()
    watch = tab.rent_watch
    qtbot.waitUntil(lambda: watch.said is not None, timeout=20000)
    assert launched.instance.id in watch.said.text() and "EXITED" in watch.said.text()
    watch.relaunch_button.click()
    again = watch.dialog
    again.poll_s = 0.05
    wait_page(qtbot, again, again.confirm)
    assert again.confirm.disk.value() == 80 and again.confirm.price.text() == "$0.440/h"  # the same configuration
    assert creates(runpod) == 1  # shown for confirmation; not rented
    again.reject()
    watch.said.close()

    # Released: the provider no longer lists it as running, and the guide says so.
    runpod._act(pod, "terminate")
    guide.check_release()
    qtbot.waitUntil(lambda: not guide.release_running, timeout=20000)
    assert guide.release.running == [] and "nothing launched from gpudesk is running (rp)" in guide.release_text()


# -- Cancel while the provider provisions --------------------------------------------------------
def test_cancel_during_provisioning_terminates_nothing_unless_asked_and_keeps_its_session(window, qtbot, runpod):
    runpod.stuck = True  # the provider never finds a machine
    page = catalog(window, qtbot)
    dialog = rent_row(page, qtbot, "RunPod", "RTX 4090")
    wait_page(qtbot, dialog, dialog.confirm)
    dialog.rent_button.click()
    qtbot.waitUntil(lambda: dialog.instance is not None and dialog.progress.state["provisioning"] == "current", timeout=20000)
    assert dialog.cancel_button.isVisible()
    dialog.cancel_button.click()
    wait_page(qtbot, dialog, dialog.message_page)
    pod_id = dialog.instance.id
    assert visible_buttons(dialog) == ["Terminate it so it does not bill", "Keep it"]
    assert f"You stopped waiting. Instance {pod_id} is rented" in dialog.message.text() and "$0.440/h" in dialog.message.text()
    assert runpod.pods[pod_id]["status"] == "PROVISIONING"  # nothing terminated without the user's answer
    dialog.reject()  # Esc: no answer yet, so the dialog stays
    assert dialog.isVisible()
    dialog.keep_button.click()
    assert f"Kept instance {pod_id}" in dialog.message.text()
    assert runpod.pods[pod_id]["status"] == "PROVISIONING"
    # Kept: it bills, so it is listed (saved the moment RunPod gave its id), with its meter running.
    (kept,) = [s for s in SessionStore() if s.provider == "rp"]
    assert kept.provider_instance_id == pod_id and window.store.get(kept.id) is not None and not window.tabs_by_session
    assert Meter().is_running(kept.id) and Meter().rate_per_hour(kept.id) == 0.44
    deletes = [r for r in runpod.requests if r.method == "DELETE" or r.path.endswith("/action")]
    assert deletes == []


# -- never reachable: the offer to terminate, both answers --------------------------------------------
@pytest.mark.parametrize("answer", ["terminate", "keep"])
def test_a_server_that_never_answers_ssh_is_offered_for_termination(window, qtbot, runpod, answer):
    silent = SilentPort()
    try:
        runpod.launch_ssh = ("127.0.0.1", silent.port)
        page = catalog(window, qtbot)
        dialog = rent_row(page, qtbot, "RunPod", "RTX 4090")
        dialog.wait_s = 0.5
        wait_page(qtbot, dialog, dialog.confirm)
        dialog.rent_button.click()
        wait_page(qtbot, dialog, dialog.message_page, timeout=60000)
        pod_id = dialog.instance.id
        text = dialog.message.text()
        assert "was not usable after" in text and f"127.0.0.1:{silent.port}" in text and "may be billing" in text
        assert visible_buttons(dialog) == ["Terminate it so it does not bill", "Keep it"]
        if answer == "terminate":
            dialog.terminate_button.click()
            qtbot.waitUntil(lambda: "Terminated instance" in dialog.message.text(), timeout=20000)
            assert runpod.pods[pod_id]["status"] == "TERMINATED"
            from gpudesk.core.billing import audit

            # Ended through the one action path: requested, then confirmed by the provider's own state.
            ended = [e for e in audit.read() if e["action"] == "terminate" and e.get("instance") == pod_id]
            assert [e["result"] for e in ended] == ["requested", "ok"] and ended[-1]["account"] == "rp"
        else:
            dialog.keep_button.click()
            assert runpod.pods[pod_id]["status"] == "RUNNING"
        assert visible_buttons(dialog) == ["Close"]
        listed = [s for s in SessionStore() if s.provider == "rp"]
        if answer == "terminate":  # confirmed gone: nothing bills, nothing is listed
            assert listed == [] and not window.tabs_by_session
        else:  # kept: it bills, so it stays listed
            assert [s.provider_instance_id for s in listed] == [pod_id] and not window.tabs_by_session
    finally:
        silent.close()


# -- capacity: the next-best offer, in words, taken -----------------------------------------------------
def test_a_capacity_refusal_shows_the_next_best_offer_and_takes_it(window, qtbot, vast):
    vast.gone.add(2)  # listed, but someone else rents it first
    page = catalog(window, qtbot)
    dialog = rent_row(page, qtbot, "Vast.ai", "RTX 4090")
    wait_page(qtbot, dialog, dialog.confirm)
    assert dialog.confirm.price.text() == "$0.350/h" and dialog.confirm.spot.isEnabled()
    dialog.rent_button.click()
    qtbot.waitUntil(lambda: dialog.next_button.isVisible(), timeout=20000)
    text = dialog.message.text()
    assert "va has no machine for this right now. Nothing was rented." in text
    assert "no longer available" in text and "The next best: 1× RTX 4090" in text and "from va at $0.410/h" in text
    assert "Traceback" not in text and "404" not in text.split("no longer available")[0]
    dialog.next_button.click()
    assert dialog.pages.currentWidget() is dialog.confirm  # confirmed again: another machine, another price
    assert dialog.confirm.price.text() == "$0.410/h" and [r["offer"] for r in vast.rented] == []
    dialog.wait_s = 600
    dialog.rent_button.click()
    qtbot.waitUntil(lambda: dialog.instance is not None, timeout=20000)
    assert [r["offer"] for r in vast.rented] == [1]
    asks = [r.path for r in vast.requests if r.method == "PUT" and r.path.startswith("/api/v0/asks/")]
    assert asks == ["/api/v0/asks/2/", "/api/v0/asks/1/"]  # each sent once
    dialog.cancel_button.click()
    qtbot.waitUntil(lambda: dialog.terminate_button.isVisible(), timeout=20000)
    iid = int(dialog.instance.id)
    dialog.terminate_button.click()
    qtbot.waitUntil(lambda: iid not in vast.instances, timeout=20000)


def test_spot_shows_the_risk_and_the_bid_and_prices_again(window, qtbot, vast):
    page = catalog(window, qtbot)
    dialog = rent_row(page, qtbot, "Vast.ai", "RTX 4090")
    wait_page(qtbot, dialog, dialog.confirm)
    assert not dialog.confirm.bid.isVisible()
    dialog.confirm.spot.setChecked(True)
    qtbot.waitUntil(lambda: dialog.rent_button.isEnabled() and dialog.choice.spec.spot, timeout=20000)
    assert dialog.confirm.bid.isVisible() and dialog.confirm.bid.value() == pytest.approx(0.18)  # the offer's minimum bid
    assert dialog.confirm.price.text() == "$0.180/h" and "take the server back" in dialog.confirm.notes.text()
    assert not vast.rented


def test_a_spot_bid_too_low_says_an_instance_exists_and_bills_its_disk_and_terminate_destroys_it(window, qtbot, vast):
    vast.bid_floor = 0.3  # the host asks more now than the offer's minimum bid the dialog proposes
    page = catalog(window, qtbot)
    dialog = rent_row(page, qtbot, "Vast.ai", "RTX 4090")
    wait_page(qtbot, dialog, dialog.confirm)
    dialog.confirm.spot.setChecked(True)
    qtbot.waitUntil(lambda: dialog.rent_button.isEnabled() and dialog.choice.spec.spot, timeout=20000)
    dialog.rent_button.click()
    qtbot.waitUntil(lambda: dialog.terminate_button.isVisible(), timeout=20000)
    text = dialog.message.text()
    assert "bills for its disk" in text and "Nothing was rented" not in text
    iid = int(dialog.instance.id)
    assert vast.instances[iid]["actual_status"] == "stopped" and str(iid) in text
    assert visible_buttons(dialog) == ["Terminate it so it does not bill", "Keep it"]  # never a relaunch
    dialog.terminate_button.click()
    qtbot.waitUntil(lambda: "Terminated instance" in dialog.message.text(), timeout=20000)
    assert iid not in vast.instances  # destroyed, and read again: gone


def test_a_vast_instance_unseen_past_its_grace_is_offered_for_termination_never_a_relaunch(window, qtbot, vast, monkeypatch):
    from gpudesk.core.providers.vast import VastProvider

    monkeypatch.setattr(VastProvider, "unseen_grace_s", 0.5, raising=False)  # minutes on the real API; a moment here
    monkeypatch.setattr(VastProvider, "min_poll_s", 0.0, raising=False)
    vast.unseen_looks = 10**6  # the new instance answers {"instances": null} and never shows
    page = catalog(window, qtbot)
    dialog = rent_row(page, qtbot, "Vast.ai", "RTX 4090")
    wait_page(qtbot, dialog, dialog.confirm)
    dialog.rent_button.click()
    qtbot.waitUntil(lambda: dialog.terminate_button.isVisible(), timeout=20000)
    assert "may still exist and bill" in dialog.message.text()
    assert visible_buttons(dialog) == ["Terminate it so it does not bill", "Keep it"]  # never a relaunch
    assert len(vast.rented) == 1


# -- no account ------------------------------------------------------------------------------------------
def test_without_an_account_the_dialog_says_so_with_a_way_to_add_one_and_the_providers_page(window, qtbot):
    page = catalog(window, qtbot)
    opened: list[str] = []
    page.open_url = opened.append
    templates = []
    page.new_session_requested.disconnect()
    page.new_session_requested.connect(templates.append)
    dialog = rent_row(page, qtbot, "RunPod", "RTX 4090")
    wait_page(qtbot, dialog, dialog.message_page)
    assert "You have no RunPod account in gpudesk" in dialog.message.text()
    assert visible_buttons(dialog) == ["Add an account…", "Open RunPod's page", "Close"]
    dialog.site_button.click()  # as before: the provider's page and a pre-filled session
    assert opened == ["https://www.runpod.io/pricing"]
    assert templates and templates[0].provider == "RunPod" and templates[0].hourly_price == pytest.approx(0.69)

    dialog = rent_row(page, qtbot, "RunPod", "RTX 4090")
    wait_page(qtbot, dialog, dialog.message_page)
    seen = []

    def close_account_form() -> None:
        form = QtWidgets.QApplication.activeModalWidget()
        seen.append(type(form).__name__)
        form.reject()

    QtCore.QTimer.singleShot(300, close_account_form)
    dialog.add_account_button.click()
    qtbot.waitUntil(lambda: seen == ["AccountDialog"], timeout=10000)
    assert Page.PROVIDERS in window.pages  # the shell brought Providers forward

    aws = next(r for r in (page.proxy.data(page.proxy.index(i, 0), ROW_ROLE) for i in range(page.proxy.rowCount()))
               if r.offer.provider == "AWS")
    dialog = page.rent_item(aws)
    wait_page(qtbot, dialog, dialog.message_page)
    assert "gpudesk cannot rent from AWS through its API" in dialog.message.text()
    assert "Add an account…" not in visible_buttons(dialog)


# -- the demo, offline ---------------------------------------------------------------------------------
def test_the_demo_rents_a_demo_server_offline_and_logs_in_with_the_demo_password(window, qtbot):
    window.start_demo()
    qtbot.waitUntil(lambda: window.demo_server is not None and bool(window.tabs_by_session), timeout=30000)
    page = catalog(window, qtbot)
    dialog = rent_row(page, qtbot, "RunPod", "RTX 4090")  # no RunPod account: the demo provider stands in
    wait_page(qtbot, dialog, dialog.confirm)
    assert "demo provider" in dialog.confirm.provider.text() and "nothing is billed" in dialog.confirm.provider.text()
    assert dialog.confirm.machine.text().startswith("1× H100")
    before = set(window.tabs_by_session)
    dialog.rent_button.click()
    qtbot.waitUntil(lambda: dialog.result_ is not None, timeout=60000)
    session = dialog.result_.session
    tab = window.tabs_by_session[session.id]
    qtbot.waitUntil(lambda: tab.controller.state == "connected", timeout=30000)
    assert session.id not in before and window.store.get(session.id) is not None
    assert (session.auth, session.username, session.provider) == ("password", window.demo_server.username, "Demo provider")
    # Saved the moment the demo provider gave its id: a crash keeps it listed along with its meter.
    assert session.hourly_price == pytest.approx(2.49 / 8, abs=1e-3) and SessionStore().get(session.id) is not None
    assert dialog.result_.instance.id in window.demo_api.rented
    assert window.demo_server.host_key_sha256 in dialog.progress.fingerprint.text()


def test_the_planners_next_best_follows_its_ranking_to_another_provider(window, qtbot, vast, runpod):
    vast.gone.add(2)
    page = catalog(window, qtbot)
    form = page.planner
    form.task.setCurrentIndex(form.task.findData("inference"))
    form.params.setEditText("7B")
    form.gpu.setCurrentIndex(form.gpu.findData("RTX 4090"))
    form.run_plan()
    providers = [form.cell(r, 2) for r in range(form.row_count())]
    assert providers[:3] == ["AutoDL", "Vast.ai", "RunPod"]  # AutoDL first: no API to rent through, no account
    form.table.selectRow(1)
    page.rent.click()
    dialog = page.rent_dialog
    wait_page(qtbot, dialog, dialog.confirm)
    dialog.rent_button.click()
    qtbot.waitUntil(lambda: dialog.next_button.isVisible(), timeout=20000)
    assert "The next best: 1× RTX 4090 (RunPod Secure Cloud) from rp at $0.440/h." in dialog.message.text()
    dialog.next_button.click()
    assert dialog.confirm.provider.text() == "RunPod · rp" and dialog.confirm.price.text() == "$0.440/h"
    assert creates(runpod) == 0 and [r["offer"] for r in vast.rented] == []
