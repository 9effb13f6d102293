export const id = 7;
export const ids = [7];
export const modules = {

/***/ 1007:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   systemClock: () => (/* binding */ systemClock)
/* harmony export */ });
/* harmony import */ var node_timers_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8500);
/* harmony import */ var _run_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2506);
// Time as the waiting code sees it: injected, so tests can run a half-hour schedule in
// milliseconds and assert every delay.


const systemClock = {
    now: ()=>Date.now(),
    sleep: (ms, signal)=>(0,node_timers_promises__WEBPACK_IMPORTED_MODULE_0__.setTimeout)(ms, undefined, signal ? {
            signal
        } : {}).catch(()=>{
            throw new _run_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .CancelledError */ .cc();
        })
};


/***/ })

};
