// The home page: the language picker; the games' links carry the chosen language.
"use strict";

languagePicker();
