"use strict";
var WORDS = /*WORDS*/null;
