"""Rows of the offers table as the Catalog page and scripts show them (prices converted, value per TFLOP)."""

from __future__ import annotations

from dataclasses import dataclass

from gpudesk.core.catalog.data import Catalog, Offer
from gpudesk.core.catalog.money import Money
from gpudesk.core.i18n import join, msg

STATUS_LABELS = {
    "ok": "",
    "suspect": msg("Offers", "price suspect"),
    "partial-price": msg("Offers", "GPU only (VM billed on top)"),
    "retired": msg("Offers", "retired"),
    "stale": msg("Offers", "price out of date"),
}

# Provider web pages for "Rent this" when no API launch is set up.
PROVIDER_URLS = {
    "AWS": "https://aws.amazon.com/ec2/instance-types/",
    "GCP": "https://cloud.google.com/compute/gpus-pricing",
    "Azure": "https://azure.microsoft.com/pricing/details/virtual-machines/linux/",
    "Lambda Cloud": "https://lambda.ai/pricing",
    "RunPod": "https://www.runpod.io/pricing",
    "Vast.ai": "https://cloud.vast.ai/create/",
    "Alibaba Cloud (阿里云)": "https://www.aliyun.com/product/ecs/gpu",
    "Tencent Cloud (腾讯云)": "https://cloud.tencent.com/product/gpu",
    "AutoDL": "https://www.autodl.com/market/list",
}


@dataclass(frozen=True)
class OfferRow:
    offer: Offer
    price_per_hour: float  # display currency
    tflops: float | None  # dense FP16/BF16 tensor TFLOPS of the whole instance (FP32 where not sourced)
    price_per_tflop_hour: float | None
    availability: str  # a Msg: translatable

    @property
    def gpu(self) -> str:
        return self.offer.gpu.model


def offer_tflops(offer: Offer) -> float | None:
    per_gpu = offer.gpu.bf16_tflops or offer.gpu.fp32_tflops
    return None if per_gpu is None else per_gpu * offer.gpu_count


def rows(catalog: Catalog, money: Money) -> list[OfferRow]:
    out = []
    for offer in catalog.offers:
        price = money.convert(offer.price_per_hour, offer.currency)
        tflops = offer_tflops(offer)
        availability = msg("Offers", "spot (interruptible)") if offer.billing == "spot" else msg("Offers", "on-demand")
        flag = STATUS_LABELS.get(offer.status, offer.status)
        if flag:
            availability = join(" · ", (availability, flag))
        out.append(OfferRow(offer, price, tflops, price / tflops if tflops else None, availability))
    return out
