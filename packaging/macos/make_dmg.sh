#!/usr/bin/env bash
# Wrap gpudesk.app in a .dmg; sign and notarise when credentials are in the environment.
#   CODESIGN_IDENTITY="Developer ID Application: …"   NOTARY_PROFILE=<notarytool keychain profile>
#   NOTARY_KEYCHAIN=<keychain holding that profile> (CI's temporary keychain; default: the login keychain)
# Without them the app keeps PyInstaller's ad-hoc signature (Apple silicon needs one to run at all) and
# users open it as the README's macOS section says.
set -euo pipefail
app=$1; dmg=$2
here=$(cd "$(dirname "$0")" && pwd)
if [ -n "${CODESIGN_IDENTITY:-}" ]; then
  codesign --deep --force --options runtime --timestamp --entitlements "$here/entitlements.plist" \
    --sign "$CODESIGN_IDENTITY" "$app"
  codesign --verify --deep --strict --verbose=2 "$app"
fi
staging=$(mktemp -d)
cp -R "$app" "$staging/"
ln -s /Applications "$staging/Applications"
rm -f "$dmg"
hdiutil create -volname gpudesk -srcfolder "$staging" -ov -format UDZO "$dmg"
rm -rf "$staging"
if [ -n "${CODESIGN_IDENTITY:-}" ]; then
  codesign --sign "$CODESIGN_IDENTITY" --timestamp "$dmg"
  codesign --verify --verbose=2 "$dmg"
fi
if [ -n "${CODESIGN_IDENTITY:-}" ] && [ -n "${NOTARY_PROFILE:-}" ]; then
  if [ -n "${NOTARY_KEYCHAIN:-}" ]; then  # (no empty arrays: macOS's bash 3.2 calls them unbound under set -u)
    xcrun notarytool submit "$dmg" --keychain-profile "$NOTARY_PROFILE" --keychain "$NOTARY_KEYCHAIN" --wait
  else
    xcrun notarytool submit "$dmg" --keychain-profile "$NOTARY_PROFILE" --wait
  fi
  xcrun stapler staple "$dmg"
  xcrun stapler validate "$dmg"
fi
echo "$dmg"
