#!/usr/bin/env bash
# Wrap gpudesk.app in a .dmg; sign and notarise when credentials are in the environment.
#   CODESIGN_IDENTITY="Developer ID Application: …"   NOTARY_PROFILE=<notarytool keychain profile>
set -euo pipefail
app=$1; dmg=$2
if [ -n "${CODESIGN_IDENTITY:-}" ]; then
  codesign --deep --force --options runtime --timestamp --sign "$CODESIGN_IDENTITY" "$app"
fi
staging=$(mktemp -d)
cp -R "$app" "$staging/"
ln -s /Applications "$staging/Applications"
hdiutil create -volname gpudesk -srcfolder "$staging" -ov -format UDZO "$dmg"
rm -rf "$staging"
if [ -n "${CODESIGN_IDENTITY:-}" ] && [ -n "${NOTARY_PROFILE:-}" ]; then
  codesign --sign "$CODESIGN_IDENTITY" --timestamp "$dmg"
  xcrun notarytool submit "$dmg" --keychain-profile "$NOTARY_PROFILE" --wait
  xcrun stapler staple "$dmg"
fi
echo "$dmg"
